"""Raw HTTP exchanges with a local server, for the tests of ``serve`` (test_serve, test_hardening)."""
import socket
import time


def raw(port, data: bytes, timeout=15, close=True) -> bytes:
    """The server's reply to these bytes (``close``: the client says it has sent all it will send)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        if close:
            try:
                s.shutdown(socket.SHUT_WR)
            except OSError:  # the server has closed the connection already
                pass
        chunks = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)
