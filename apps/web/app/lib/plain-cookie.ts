/** The value of a plain cookie the browser set (not one of React Router's encoded cookies). */
export function plainCookie(header: string | null, name: string): string | null {
  const pair = header?.split(/;\s*/).find((p) => p.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) || null : null;
}
