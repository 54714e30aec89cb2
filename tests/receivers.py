"""Hostile HTTP servers on raw sockets, for the outbound client's deadline and cap.

pytest-httpserver answers through werkzeug, which decides when headers go out and buffers what
it sends; these write to the socket themselves, so a test knows exactly what was sent and when.
"""

import socket
import threading
import time


class RawReceiver:
    """Accepts connections on 127.0.0.1 and answers each with `behaviour(conn, receiver)`."""

    def __init__(self, behaviour):
        self.behaviour = behaviour
        self.sent = 0  # bytes the server managed to hand to the kernel, over all connections
        self.finished = threading.Event()  # set when a behaviour ran to its end
        self.hung_up = threading.Event()  # set when the client left before the behaviour's end
        self.stopping = threading.Event()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def url_for(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def send(self, conn: socket.socket, data: bytes) -> None:
        conn.sendall(data)
        self.sent += len(data)

    def close(self) -> None:
        self.stopping.set()
        self._listener.close()

    def _serve(self) -> None:
        while not self.stopping.is_set():
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn: socket.socket) -> None:
        with conn:
            conn.recv(65536)  # the request head (and a small body); its content does not matter
            try:
                self.behaviour(conn, self)
                self.finished.set()
            except OSError:
                self.hung_up.set()  # the client hung up: what these servers exist to see


def drip(seconds: int = 30, *, head_too: bool = False):
    """Headers (or, with `head_too`, the header lines themselves) then one byte a second."""

    def behaviour(conn: socket.socket, receiver: RawReceiver) -> None:
        if head_too:
            receiver.send(conn, b"HTTP/1.1 200 OK\r\n")
            for n in range(seconds):
                if receiver.stopping.wait(1):
                    return
                receiver.send(conn, f"X-Drip-{n}: x\r\n".encode())
            receiver.send(conn, b"Content-Length: 0\r\n\r\n")
            return
        receiver.send(conn, f"HTTP/1.1 200 OK\r\nContent-Length: {seconds}\r\n\r\n".encode())
        for _ in range(seconds):
            if receiver.stopping.wait(1):
                return
            receiver.send(conn, b"x")

    return behaviour


def flood(megabytes: int = 50):
    """A 200 answer whose body is `megabytes` MiB, written as fast as the client takes it."""

    def behaviour(conn: socket.socket, receiver: RawReceiver) -> None:
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 65536)  # count what was taken
        size = megabytes * 1024 * 1024
        receiver.send(conn, f"HTTP/1.1 200 OK\r\nContent-Length: {size}\r\n\r\n".encode())
        chunk = b"x" * 65536
        for _ in range(size // len(chunk)):
            if receiver.stopping.is_set():
                return
            receiver.send(conn, chunk)

    return behaviour


def silent(seconds: int = 30):
    """Reads the request and says nothing for `seconds`, unless the client hangs up first."""

    def behaviour(conn: socket.socket, receiver: RawReceiver) -> None:
        ends = time.monotonic() + seconds
        while (left := ends - time.monotonic()) > 0 and not receiver.stopping.is_set():
            conn.settimeout(min(left, 1.0))
            try:
                if not conn.recv(65536):  # the rest of the request, then the client's close
                    raise ConnectionAbortedError("the client hung up")
            except TimeoutError:
                continue

    return behaviour


def elapsed(started: float) -> float:
    return time.monotonic() - started
