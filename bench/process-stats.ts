// What Linux says of a process of this machine (/proc), read from outside without disturbing it.
import fs from "node:fs";

/** CPU time (user and system) a process has used, in milliseconds. */
export function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime, fields 14 and 15 of stat, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A process's resident memory (VmRSS), in bytes. */
export function residentBytesOf(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("VmRSS:"));
  // "VmRSS:	  123456 kB"
  return Number(line?.match(/(\d+)\s*kB/)?.[1] ?? Number.NaN) * 1024;
}
