import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software authenticator, for tests that drive WebAuthn over HTTP (no browser): it makes the
 * registration and authentication responses a platform authenticator with user verification would,
 * with attestation "none" and an ES256 key.
 */
export class SoftPasskey {
  readonly id: string;
  private readonly key: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  readonly rpId: string;
  readonly origin: string;

  constructor(rpId: string, origin: string, id: string = randomBytes(16).toString("base64url")) {
    this.rpId = rpId;
    this.origin = origin;
    this.id = id;
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.key = pair.privateKey;
    const jwk = pair.publicKey.export({ format: "jwk" });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  private authenticatorData(flags: number, attested?: Uint8Array): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([createHash("sha256").update(this.rpId).digest(), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The browser's answer to navigator.credentials.create with these options. */
  register(options: { challenge: string }) {
    const credentialId = Buffer.from(this.id, "base64url");
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(this.publicJwk.x, "base64url"))],
        [-3, new Uint8Array(Buffer.from(this.publicJwk.y, "base64url"))],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, Buffer.from(cose)]);
    // UP (0x01), UV (0x04), AT (0x40)
    const authData = this.authenticatorData(0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return this.credential({
      clientDataJSON: this.clientData("webauthn.create", options.challenge).toString("base64url"),
      attestationObject: Buffer.from(attestationObject).toString("base64url"),
      transports: ["internal"],
    });
  }

  /** The browser's answer to navigator.credentials.get with these options. */
  assert(options: { challenge: string }) {
    this.counter += 1;
    // UP (0x01), UV (0x04)
    const authData = this.authenticatorData(0x05);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge);
    const signature = sign("sha256", Buffer.concat([authData, createHash("sha256").update(clientDataJSON).digest()]), this.key);
    return this.credential({
      clientDataJSON: clientDataJSON.toString("base64url"),
      authenticatorData: authData.toString("base64url"),
      signature: signature.toString("base64url"),
    });
  }

  /** The credential as a browser serialises it (PublicKeyCredential.toJSON), around one ceremony's response. */
  private credential<CeremonyResponse>(response: CeremonyResponse) {
    return { id: this.id, rawId: this.id, type: "public-key", clientExtensionResults: {}, response };
  }
}
