"""The constants of the wire contract that are not messages (``proto/`` has those)."""

PROTOCOL_VERSION = 2
"""The version of the contract this SDK speaks (``Hello.protocol_version``): events batched
into the next ``DecisionRequest`` or ``GameOver`` (``referee.proto`` says what each sends)."""

PROTOCOL_VERSIONS = (1, 2)
"""The versions of the contract the referee speaks; both are in ``croupier.proto.v1``."""

ADDRESS_VARIABLE = "CROUPIER_ADDRESS"
"""The environment variable with the referee's address: ``tls://host:port`` (encrypted, the
referee's certificate verified), ``host:port`` (plaintext) or ``unix:/path`` (plaintext, local)."""

TLS_SCHEME = "tls://"
"""How an address that asks for TLS begins (``tls://referee.example.org:50051``)."""

CA_FILE_VARIABLE = "CROUPIER_CA_FILE"
"""The environment variable with the file (PEM) of the certificate authorities a bot trusts
for a ``tls://`` address, in place of the system's roots (a referee's self-signed one)."""

TOKEN_VARIABLE = "CROUPIER_TOKEN"
"""The environment variable with a started bot's seat token, or a remote bot's key."""

COMMENT_MAX_BYTES = 1024
"""The longest comment a bot may give with an action (``ActionReply.comment``), in bytes of
UTF-8; a longer one is cut at a character boundary."""
