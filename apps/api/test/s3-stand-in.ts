import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { crc32 } from "node:zlib";

/** An object the stand-in keeps, with what S3 keeps beside its bytes. */
export interface S3Object {
  bytes: Buffer;
  contentType: string;
  cacheControl: string | undefined;
  /** The MD5 of the bytes, quoted, as S3 makes a single-part upload's ETag. */
  etag: string;
  /** The CRC32 the client sent and the stand-in checked (base64), when it sent one. */
  crc32: string | undefined;
  lastModified: Date;
}

/** A request the stand-in answered: what was asked and S3's answer to it. */
export interface S3Request {
  method: string;
  bucket: string;
  key: string;
  status: number;
  /** S3's error code, when it refused. */
  code?: string;
  /** The headers the client signed. */
  signedHeaders: string[];
}

export interface S3StandIn {
  /** What S3_ENDPOINT points at: the stand-in answers path-style, {url}/{bucket}/{key}. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's objects by key. */
  objects: Map<string, S3Object>;
  /** Puts an object as an earlier client would have (a bucket filled before the test). */
  keep(key: string, bytes: Buffer, contentType: string): void;
  requests: S3Request[];
  /** The settings the API takes for this bucket (MEDIA_STORE=s3). */
  settings(overrides?: { secretAccessKey?: string; bucket?: string }): {
    store: "s3";
    bucket: string;
    region: string;
    endpoint: string;
    accessKeyId: string;
    secretAccessKey: string;
  };
  close(): Promise<void>;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
/** How far a request's X-Amz-Date may be from the stand-in's clock, as S3 allows. */
const MAX_SKEW_MS = 15 * 60_000;

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
const xmlText = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, in upper-case hex. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Amazon S3's REST API at the network edge, as the official SDK speaks it to a path-style endpoint
 * (MinIO, R2 and the like): PutObject, GetObject and HeadObject on one bucket, S3's XML errors
 * (NoSuchBucket, NoSuchKey, InvalidAccessKeyId, SignatureDoesNotMatch…) with their statuses, and
 * every request's AWS Signature Version 4 checked against the stand-in's own credentials: the
 * canonical request is rebuilt from what arrived, so a wrong secret, a changed header or a body
 * other than the one signed is refused as S3 refuses it. Bodies may come whole (with the
 * x-amz-checksum-crc32 header today's SDK sends) or aws-chunked with a trailing checksum.
 */
export async function startS3StandIn(): Promise<S3StandIn> {
  const bucket = "storefront-media";
  const region = "eu-central-1";
  const accessKeyId = `AKIA${randomBytes(8).toString("hex").toUpperCase()}`;
  const secretAccessKey = randomBytes(30).toString("base64");
  const objects = new Map<string, S3Object>();
  const requests: S3Request[] = [];

  /** Checks the request's Authorization header; answers the headers it signed. */
  function authenticate(request: IncomingMessage, path: string, query: string): string[] {
    const header = request.headers.authorization;
    if (!header) throw new S3Failure(403, "AccessDenied", "Access Denied");
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
        header,
      );
    if (!match)
      throw new S3Failure(400, "AuthorizationHeaderMalformed", "The authorization header is malformed.");
    const [, keyId, date, scopeRegion, signedList, signature] = match as unknown as string[];
    if (keyId !== accessKeyId)
      throw new S3Failure(
        403,
        "InvalidAccessKeyId",
        "The AWS Access Key Id you provided does not exist in our records.",
      );
    if (scopeRegion !== region)
      throw new S3Failure(
        400,
        "AuthorizationHeaderMalformed",
        `The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${region}'`,
      );
    const amzDate = String(request.headers["x-amz-date"] ?? "");
    const at = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!at || amzDate.slice(0, 8) !== date)
      throw new S3Failure(
        403,
        "AccessDenied",
        "X-Amz-Date is missing or does not match the credential's date",
      );
    const [, y, mo, d, h, mi, s] = at.map(Number) as number[];
    const sent = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s);
    if (Math.abs(Date.now() - sent) > MAX_SKEW_MS)
      throw new S3Failure(
        403,
        "RequestTimeTooSkewed",
        "The difference between the request time and the current time is too large.",
      );
    const signed = (signedList as string).split(";");
    for (const required of ["host", "x-amz-date", "x-amz-content-sha256"])
      if (!signed.includes(required))
        throw new S3Failure(
          403,
          "AccessDenied",
          `There were headers present in the request which were not signed: ${required}`,
        );
    const canonicalQuery = query
      .split("&")
      .filter(Boolean)
      .map((pair) => {
        const [name = "", value = ""] = pair.split("=");
        return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))];
      })
      .sort(([a = "", x = ""], [b = "", y = ""]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
      .map(([name, value]) => `${name}=${value}`)
      .join("&");
    const canonicalHeaders = signed
      .map(
        (name) =>
          `${name}:${String(request.headers[name] ?? "")
            .trim()
            .replace(/\s+/g, " ")}\n`,
      )
      .join("");
    const canonicalRequest = [
      request.method,
      path,
      canonicalQuery,
      canonicalHeaders,
      signedList,
      String(request.headers["x-amz-content-sha256"]),
    ].join("\n");
    const scope = `${date}/${region}/s3/aws4_request`;
    const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
    const key = hmac(
      hmac(hmac(hmac(`AWS4${secretAccessKey}`, date as string), region), "s3"),
      "aws4_request",
    );
    const expected = createHmac("sha256", key).update(stringToSign).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature as string, "hex")))
      throw new S3Failure(
        403,
        "SignatureDoesNotMatch",
        "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
      );
    return signed;
  }

  /** The object's bytes as signed: whole, or unwrapped from aws-chunked framing with its trailers. */
  function payloadOf(
    request: IncomingMessage,
    raw: Buffer,
  ): { bytes: Buffer; trailers: Record<string, string> } {
    const declared = String(request.headers["x-amz-content-sha256"] ?? "");
    const chunked = String(request.headers["content-encoding"] ?? "")
      .split(",")
      .map((part) => part.trim())
      .includes("aws-chunked");
    if (!chunked) {
      if (declared.startsWith("STREAMING-"))
        throw new S3Failure(400, "InvalidRequest", "A streaming payload must be sent aws-chunked");
      if (declared !== "UNSIGNED-PAYLOAD" && declared !== sha256(raw))
        throw new S3Failure(
          400,
          "XAmzContentSHA256Mismatch",
          "The provided 'x-amz-content-sha256' header does not match what was computed.",
        );
      return { bytes: raw, trailers: {} };
    }
    if (declared !== "STREAMING-UNSIGNED-PAYLOAD-TRAILER")
      throw new S3Failure(501, "NotImplemented", `The stand-in does not take ${declared} bodies`);
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const end = raw.indexOf("\r\n", at);
      if (end < 0) throw new S3Failure(400, "IncompleteBody", "The aws-chunked body ends early");
      const size = Number.parseInt(raw.subarray(at, end).toString("latin1").split(";")[0] ?? "", 16);
      if (!Number.isFinite(size))
        throw new S3Failure(400, "InvalidRequest", "A chunk's size is not hexadecimal");
      at = end + 2;
      if (size === 0) break;
      parts.push(raw.subarray(at, at + size));
      at += size + 2;
    }
    const trailers = Object.fromEntries(
      raw
        .subarray(at)
        .toString("latin1")
        .split("\r\n")
        .filter(Boolean)
        .map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
    );
    const bytes = Buffer.concat(parts);
    const decodedLength = request.headers["x-amz-decoded-content-length"];
    if (decodedLength !== undefined && Number(decodedLength) !== bytes.length)
      throw new S3Failure(400, "IncompleteBody", "The body is not x-amz-decoded-content-length bytes long");
    return { bytes, trailers };
  }

  function putObject(request: IncomingMessage, response: ServerResponse, key: string, raw: Buffer) {
    const { bytes, trailers } = payloadOf(request, raw);
    const sentCrc = String(request.headers["x-amz-checksum-crc32"] ?? trailers["x-amz-checksum-crc32"] ?? "");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(bytes));
    if (sentCrc && sentCrc !== crc.toString("base64"))
      throw new S3Failure(400, "BadDigest", "The CRC32 you specified did not match the calculated checksum.");
    const etag = `"${createHash("md5").update(bytes).digest("hex")}"`;
    objects.set(key, {
      bytes,
      contentType: String(request.headers["content-type"] ?? "binary/octet-stream"),
      cacheControl: request.headers["cache-control"],
      etag,
      crc32: sentCrc || undefined,
      lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
    });
    response.writeHead(200, { etag, ...(sentCrc ? { "x-amz-checksum-crc32": sentCrc } : {}) });
    response.end();
  }

  function readObject(request: IncomingMessage, response: ServerResponse, key: string) {
    const object = objects.get(key);
    if (!object) throw new S3Failure(404, "NoSuchKey", "The specified key does not exist.");
    const checksum = request.headers["x-amz-checksum-mode"] === "ENABLED" && object.crc32;
    response.writeHead(200, {
      "content-type": object.contentType,
      "content-length": object.bytes.length,
      etag: object.etag,
      "last-modified": object.lastModified.toUTCString(),
      "accept-ranges": "bytes",
      ...(object.cacheControl ? { "cache-control": object.cacheControl } : {}),
      // Asked for, the checksum kept with the object: the SDK checks the body it reads against it.
      ...(checksum ? { "x-amz-checksum-crc32": checksum, "x-amz-checksum-type": "FULL_OBJECT" } : {}),
    });
    response.end(request.method === "HEAD" ? undefined : object.bytes);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const [rawPath = "/", query = ""] = (request.url ?? "/").split("?");
      const [, bucketName = "", ...keyParts] = rawPath.split("/");
      const key = decodeURIComponent(keyParts.join("/"));
      const requestId = randomBytes(8).toString("hex").toUpperCase();
      const record: S3Request = {
        method: request.method ?? "",
        bucket: bucketName,
        key,
        status: 200,
        signedHeaders: [],
      };
      requests.push(record);
      response.setHeader("x-amz-request-id", requestId);
      response.setHeader("server", "AmazonS3");
      try {
        record.signedHeaders = authenticate(request, rawPath, query);
        if (bucketName !== bucket)
          throw new S3Failure(404, "NoSuchBucket", "The specified bucket does not exist");
        if (!key) throw new S3Failure(501, "NotImplemented", "Only object requests are served here");
        if (request.method === "PUT") putObject(request, response, key, Buffer.concat(chunks));
        else if (request.method === "GET" || request.method === "HEAD") readObject(request, response, key);
        else
          throw new S3Failure(
            405,
            "MethodNotAllowed",
            "The specified method is not allowed against this resource.",
          );
      } catch (caught) {
        const error =
          caught instanceof S3Failure ? caught : new S3Failure(500, "InternalError", String(caught));
        record.status = error.status;
        record.code = error.code;
        // A HEAD's error has its status only, as S3's: the SDK names it by the status (NotFound).
        if (request.method === "HEAD") {
          response.writeHead(error.status);
          response.end();
          return;
        }
        response.writeHead(error.status, { "content-type": "application/xml" });
        response.end(
          `${XML_HEAD}<Error><Code>${error.code}</Code><Message>${xmlText(error.message)}</Message>` +
            `<Resource>${xmlText(rawPath)}</Resource><RequestId>${requestId}</RequestId></Error>`,
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    keep(key, bytes, contentType) {
      objects.set(key, {
        bytes,
        contentType,
        cacheControl: undefined,
        etag: `"${createHash("md5").update(bytes).digest("hex")}"`,
        crc32: undefined,
        lastModified: new Date(),
      });
    },
    settings: (overrides = {}) => ({
      store: "s3" as const,
      bucket: overrides.bucket ?? bucket,
      region,
      endpoint: url,
      accessKeyId,
      secretAccessKey: overrides.secretAccessKey ?? secretAccessKey,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
