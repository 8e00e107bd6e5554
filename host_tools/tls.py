"""A CA and a server certificate for `companion broker`'s TLS listeners (docs/remote.md).

Made once in a folder and kept (the boards carry the CA): ca.pem (public:
the boards, pages and tests verify the broker with it), ca.key, server.pem
and server.key (mode 600). Made with the `cryptography` library, ECDSA
P-256, which mbedTLS on the boards and every browser speak. A server
certificate whose names no longer cover what is asked for is made anew
(from the same CA, so boards keep working).
"""

import datetime
import ipaddress
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

DAYS = 825  # the longest server certificate validity browsers accept


def _name(text):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, text)])


def _write(path, data, secret=False):
    path.write_bytes(data)
    if secret:
        path.chmod(0o600)


def _key_pem(key):
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def _san(names):
    out = []
    for n in names:
        try:
            out.append(x509.IPAddress(ipaddress.ip_address(n)))
        except ValueError:
            out.append(x509.DNSName(n))
    return out


def _ca(folder, now):
    ca_pem, ca_key = folder / "ca.pem", folder / "ca.key"
    if ca_pem.exists() and ca_key.exists():
        return (x509.load_pem_x509_certificate(ca_pem.read_bytes()),
                serialization.load_pem_private_key(ca_key.read_bytes(), None))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder().subject_name(_name("companion broker CA")).issuer_name(_name("companion broker CA"))
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=3650))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                         content_commitment=False, key_encipherment=False, data_encipherment=False,
                                         key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .sign(key, hashes.SHA256()))
    _write(ca_key, _key_pem(key), secret=True)
    _write(ca_pem, cert.public_bytes(serialization.Encoding.PEM))
    return cert, key


def _covers(cert_path, names):
    if not cert_path.exists():
        return False
    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    try:
        have = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return False
    left = cert.not_valid_after_utc - datetime.datetime.now(datetime.timezone.utc)
    return set(_san(names)) <= set(have) and left > datetime.timedelta(days=30)


def make_ca_and_server(folder, names):
    """{"ca", "cert", "key"}: the files' paths in folder (made if missing or not for names)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_cert, ca_key = _ca(folder, now)
    server_pem, server_key = folder / "server.pem", folder / "server.key"
    if not (_covers(server_pem, names) and server_key.exists()):
        key = ec.generate_private_key(ec.SECP256R1())
        cert = (x509.CertificateBuilder().subject_name(_name(names[0])).issuer_name(ca_cert.subject)
                .public_key(key.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=DAYS))
                .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                .add_extension(x509.SubjectAlternativeName(_san(names)), critical=False)
                .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
                .sign(ca_key, hashes.SHA256()))
        _write(server_key, _key_pem(key), secret=True)
        _write(server_pem, cert.public_bytes(serialization.Encoding.PEM))
    return {"ca": str(folder / "ca.pem"), "cert": str(server_pem), "key": str(server_key)}
