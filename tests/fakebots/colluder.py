"""A Lexio bot that tries to pass its hand to another copy of itself, through every channel.

Two copies (or more) of it sit at one table, or at tables played one after the other (the
rotations of a duplicate deal), beside honest bots. Each copy, at its first decision,
writes a message (a nonce of its own, its game, seat and hand) into every channel it can
think of between two processes on one machine, and at every decision and at the game's end
looks in each of them for a message of another copy, or for the sign of one (a name
already taken). At the game's end it prints one line, ``collusion-report {json}``: for each
channel what it tried, whether it could send, what failed, and every foreign message or
sign it found. ``tests/e2e/test_collusion.py`` decodes the reports: nothing may arrive.

It plays its first legal action, so that it plays whole games; it takes no harm from a
channel that fails.
"""

from __future__ import annotations

import _posixshmem  # type: ignore[import-not-found]  # CPython's, no stubs
import contextlib
import ctypes
import errno
import fcntl
import glob
import json
import mmap
import os
import secrets
import signal
import socket
import stat
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import croupier
from croupier.games import Result
from croupier.games.lexio import Action, LexioObservation

MAGIC = b"CROUPIER-COLLUSION:"
REPORT_PREFIX = "collusion-report "
NAME = "croupier-collusion"
IPC_KEY = 0x43525550  # "CRUP": the SysV key both copies agree on
PORT = 47391
_IPC_CREAT, _IPC_EXCL, _IPC_NOWAIT = 0o1000, 0o2000, 0o4000
_GETALL, _SETALL, _SEMAPHORES = 13, 17, 16
_PTRACE_ATTACH, _PTRACE_DETACH = 16, 17
_KEY_SPEC = {"session": -3, "user": -4, "user-session": -5}
_KEYCTL_READ, _KEYCTL_DESCRIBE = 11, 6
_SYSCALLS = {"x86_64": {"add_key": 248, "keyctl": 250}, "aarch64": {"add_key": 217, "keyctl": 219}}
_PR_SET_NAME = 15
_libc = ctypes.CDLL(None, use_errno=True)


def _message_queues() -> Any:
    """The library with the POSIX message queue calls: the C library from glibc 2.34 on."""
    if hasattr(_libc, "mq_open"):
        return _libc
    return ctypes.CDLL("librt.so.1", use_errno=True)


def places() -> list[str]:
    """Every directory where two processes might both write (or one leave a file).

    ``CROUPIER_BOT_COLLUSION_PLACES`` (directories separated by ``:``) names others instead.
    """
    if chosen := os.environ.get("CROUPIER_BOT_COLLUSION_PLACES"):
        return chosen.split(":")
    home = os.environ.get("HOME", os.getcwd())
    listed = [
        "/tmp",
        "/var/tmp",
        "/dev/shm",
        "/dev/mqueue",
        home,
        os.getcwd(),
        os.path.dirname(home),
        os.path.dirname(os.path.abspath(__file__)),
        "/",
        "/run",
        "/run/lock",
        "/var/lock",
        "/var/crash",
        "/var/mail",
        "/var/spool",
        "/etc",
        "/opt",
        "/usr/local",
        "/proc/self",
        "/sys/fs/cgroup",
    ]
    return list(dict.fromkeys(listed))


@dataclass
class Channel:
    """One way between processes: what was tried, sent, what failed, what arrived."""

    name: str
    tried: list[str] = field(default_factory=list)
    sent: bool = False
    errors: list[str] = field(default_factory=list)
    received: list[str] = field(default_factory=list)

    @contextlib.contextmanager
    def attempt(self, what: str) -> Iterator[None]:
        """Note ``what`` was tried; an error of it is noted, not raised."""
        self.tried.append(what)
        try:
            yield
        except Exception as error:  # every failure is an outcome to report
            self.errors.append(f"{what}: {type(error).__name__}: {error}")

    def report(self) -> dict[str, Any]:
        """What it tried and found, as a report line carries it (one line under 4 KiB)."""
        return {
            "tried": sorted(set(self.tried))[:4],
            "sent": self.sent,
            "errors": [error[:200] for error in self.errors[:3]],
            "received": [text[:300] for text in self.received[:5]],
            "received_bytes": sum(len(text.encode()) for text in self.received),
        }


def read_reports(lines: Iterable[str]) -> list[dict[str, Any]]:
    """The report lines among a copy's output ``lines``, decoded."""
    return [
        json.loads(line.removeprefix(REPORT_PREFIX))
        for line in lines
        if line.startswith(REPORT_PREFIX)
    ]


class Colluder(croupier.Bot[LexioObservation, Action]):
    """Sends its hand down every channel, and looks for another's.

    Args:
        machine_wide: Also try what changes the machine beyond files it may remove (the
            user's keyrings, the host's name, attributes and times of shared files,
            services, signals and tracing of other processes). Off for a test that plays
            copies unconfined, in its own process, to show the channels work there.
    """

    def __init__(self, *, machine_wide: bool = True) -> None:
        self.machine_wide = machine_wide
        self.nonce = secrets.token_hex(8)
        self.game_id = ""
        self.seat = -1
        self.sent = False
        self.channels: dict[str, Channel] = {}
        self.keep: list[Any] = []  # what must stay open for the others to find
        self.children: list[int] = []
        self.own_pids: set[int] = {os.getpid()}
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1, signal.SIGUSR2})

    def channel(self, name: str) -> Channel:
        return self.channels.setdefault(name, Channel(name))

    def on_game_start(self, start: croupier.GameStart) -> None:
        self.game_id, self.seat = start.game_id, start.seat
        self.receive_all()  # what an earlier game may have left

    def act(self, observation: LexioObservation) -> Action:
        if not self.sent:
            hand = [str(tile) for tile in observation.hand]
            message = {"nonce": self.nonce, "game": self.game_id, "seat": self.seat, "hand": hand}
            self.send_all(MAGIC + json.dumps(message).encode())
            self.sent = True
        self.receive_all()
        return observation.legal_actions[0]

    def on_game_end(self, result: Result) -> None:
        self.receive_all()
        for name, channel in self.channels.items():
            report = {
                "nonce": self.nonce,
                "game": self.game_id,
                "seat": self.seat,
                "channel": name,
                **channel.report(),
            }
            print(REPORT_PREFIX + json.dumps(report), flush=True)

    # What arrives ---------------------------------------------------------------------

    def found(self, channel: Channel, data: bytes | str) -> None:
        """Keep ``data`` if it is another copy's message (or a sign of one)."""
        text = data.decode(errors="replace") if isinstance(data, bytes) else data
        if MAGIC.decode() in text and self.nonce in text:
            return  # its own
        foreign = MAGIC.decode() in text or text.startswith("sign:")
        if foreign and text not in channel.received:
            channel.received.append(text)

    def send_all(self, message: bytes) -> None:
        for send, _ in self.ways():
            send(message)

    def receive_all(self) -> None:
        for _, receive in self.ways():
            receive()

    def ways(self) -> list[tuple[Callable[[bytes], None], Callable[[], None]]]:
        ways: list[tuple[Callable[[bytes], None], Callable[[], None]]] = [
            (self.send_files, self.receive_files),
            (self.send_fifos, self.receive_fifos),
            (self.send_sysv_shm, self.receive_sysv_shm),
            (self.send_sysv_msg, self.receive_sysv_msg),
            (self.send_sysv_sem, self.receive_sysv_sem),
            (self.send_posix_mq, self.receive_posix_mq),
            (self.send_posix_shm, self.receive_posix_shm),
            (self.send_sockets, self.receive_sockets),
            (self.send_processes, self.receive_processes),
            (self.send_locks, self.receive_locks),
            (self.send_watches, self.receive_watches),
            (lambda message: None, self.receive_environment),
        ]
        if self.machine_wide:
            ways += [
                (self.send_services, lambda: None),
                (self.send_signals, self.receive_signals),
                (self.send_keyrings, self.receive_keyrings),
                (self.send_xattrs, self.receive_xattrs),
                (self.send_host, self.receive_host),
            ]
        return ways

    # Files and FIFOs ------------------------------------------------------------------

    def send_files(self, message: bytes) -> None:
        for place in places():
            channel = self.channel(f"file:{place}")
            with channel.attempt(f"write {place}/{NAME}-{self.nonce}"):
                with open(os.path.join(place, f"{NAME}-{self.nonce}"), "wb") as file:
                    file.write(message)
                channel.sent = True
            with channel.attempt(f"mkdir {place}/{NAME}-dir-{self.nonce}"):
                os.mkdir(os.path.join(place, f"{NAME}-dir-{self.nonce}"))
                channel.sent = True
        for home in glob.glob("/tmp/croupier-bot-*"):
            channel = self.channel("file:other bots' directories")
            with channel.attempt(f"write {home}"):
                with open(os.path.join(home, f"{NAME}-{self.nonce}"), "wb") as file:
                    file.write(message)
                channel.sent = True

    def receive_files(self) -> None:
        for place in places():
            channel = self.channel(f"file:{place}")
            with channel.attempt(f"list {place}"):
                for path in glob.glob(os.path.join(place, f"{NAME}-*")):
                    if self.nonce in path:
                        continue
                    if os.path.isdir(path):
                        self.found(channel, f"sign: directory {path}")
                    elif os.path.isfile(path):
                        with open(path, "rb") as file:
                            self.found(channel, file.read(4096) or f"sign: file {path}")
        channel = self.channel("file:other bots' directories")
        for path in glob.glob(f"/tmp/croupier-bot-*/{NAME}-*"):
            if self.nonce in path or not os.path.isfile(path):
                continue  # its own, or a FIFO: read by the FIFO channel, without blocking
            with channel.attempt(f"read {path}"), open(path, "rb") as file:
                self.found(channel, file.read(4096))

    def send_fifos(self, message: bytes) -> None:
        for place in places():
            channel = self.channel(f"fifo:{place}")
            path = os.path.join(place, f"{NAME}-fifo-{self.nonce}")
            with channel.attempt(f"mkfifo {path}"):
                os.mkfifo(path)
                descriptor = os.open(path, os.O_RDWR | os.O_NONBLOCK)
                os.write(descriptor, message)
                self.keep.append(descriptor)
                channel.sent = True

    def receive_fifos(self) -> None:
        for place in places():
            channel = self.channel(f"fifo:{place}")
            for path in glob.glob(os.path.join(place, f"{NAME}-fifo-*")):
                if self.nonce in path:
                    continue
                with channel.attempt(f"read {path}"):
                    self.found(channel, f"sign: fifo {path}")
                    if stat.S_ISFIFO(os.stat(path).st_mode):
                        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
                        try:
                            self.found(channel, os.read(descriptor, 4096))
                        finally:
                            os.close(descriptor)

    # SysV and POSIX IPC ---------------------------------------------------------------

    def send_sysv_shm(self, message: bytes) -> None:
        channel = self.channel("sysv shared memory")
        with channel.attempt("shmget IPC_CREAT|IPC_EXCL"):
            identifier = _libc.shmget(IPC_KEY, 4096, _IPC_CREAT | _IPC_EXCL | 0o666)
            if identifier < 0:
                code = ctypes.get_errno()
                if code == errno.EEXIST:
                    self.found(channel, "sign: the segment exists")
                    identifier = _libc.shmget(IPC_KEY, 4096, 0o666)
                if identifier < 0:
                    raise OSError(ctypes.get_errno(), "shmget")
            self._write_segment(channel, identifier, message)

    def _write_segment(self, channel: Channel, identifier: int, message: bytes) -> None:
        _libc.shmat.restype = ctypes.c_void_p
        address = _libc.shmat(identifier, None, 0)
        if address in (None, ctypes.c_void_p(-1).value):
            raise OSError(ctypes.get_errno(), "shmat")
        self.found(channel, ctypes.string_at(address, 4096).rstrip(b"\0"))
        ctypes.memmove(address, message.ljust(4096, b"\0")[:4096], 4096)
        channel.sent = True

    def receive_sysv_shm(self) -> None:
        channel = self.channel("sysv shared memory")
        with channel.attempt("shmget existing"):
            identifier = _libc.shmget(IPC_KEY, 0, 0)
            if identifier < 0:
                return
            _libc.shmat.restype = ctypes.c_void_p
            address = _libc.shmat(identifier, None, 0o10000)  # SHM_RDONLY
            if address not in (None, ctypes.c_void_p(-1).value):
                self.found(channel, ctypes.string_at(address, 4096).rstrip(b"\0"))
                _libc.shmdt(ctypes.c_void_p(address))

    def send_sysv_msg(self, message: bytes) -> None:
        channel = self.channel("sysv message queue")
        with channel.attempt("msgget + msgsnd"):
            identifier = _libc.msgget(IPC_KEY, _IPC_CREAT | 0o666)
            if identifier < 0:
                raise OSError(ctypes.get_errno(), "msgget")
            buffer = ctypes.create_string_buffer(ctypes.sizeof(ctypes.c_long) + len(message))
            ctypes.memmove(ctypes.addressof(buffer), ctypes.byref(ctypes.c_long(1)), 8)
            ctypes.memmove(ctypes.addressof(buffer) + 8, message, len(message))
            if _libc.msgsnd(identifier, buffer, len(message), _IPC_NOWAIT) < 0:
                raise OSError(ctypes.get_errno(), "msgsnd")
            channel.sent = True

    def receive_sysv_msg(self) -> None:
        channel = self.channel("sysv message queue")
        with channel.attempt("msgrcv"):
            identifier = _libc.msgget(IPC_KEY, 0)
            if identifier < 0:
                return
            buffer = ctypes.create_string_buffer(8 + 8192)
            own = []
            while (size := _libc.msgrcv(identifier, buffer, 8192, 0, _IPC_NOWAIT)) >= 0:
                data = buffer.raw[8 : 8 + size]
                if self.nonce.encode() in data:
                    own.append(data)
                self.found(channel, data)
            for data in own:  # put its own back, for the others to find
                out = ctypes.create_string_buffer(8 + len(data))
                ctypes.memmove(ctypes.addressof(out), ctypes.byref(ctypes.c_long(1)), 8)
                ctypes.memmove(ctypes.addressof(out) + 8, data, len(data))
                _libc.msgsnd(identifier, out, len(data), _IPC_NOWAIT)

    def send_sysv_sem(self, message: bytes) -> None:
        channel = self.channel("sysv semaphores")
        with channel.attempt("semget + SETALL"):
            identifier = _libc.semget(IPC_KEY, _SEMAPHORES, _IPC_CREAT | 0o666)
            if identifier < 0:
                raise OSError(ctypes.get_errno(), "semget")
            self._read_semaphores(channel, identifier)
            values = (ctypes.c_ushort * _SEMAPHORES)(*self.nonce.encode()[:_SEMAPHORES])
            if _libc.semctl(identifier, 0, _SETALL, values) < 0:
                raise OSError(ctypes.get_errno(), "semctl SETALL")
            channel.sent = True

    def _read_semaphores(self, channel: Channel, identifier: int) -> None:
        values = (ctypes.c_ushort * _SEMAPHORES)()
        if _libc.semctl(identifier, 0, _GETALL, values) < 0:
            raise OSError(ctypes.get_errno(), "semctl GETALL")
        data = bytes(value & 0xFF for value in values).rstrip(b"\0")
        if data and data.decode(errors="replace") != self.nonce[:_SEMAPHORES]:
            self.found(channel, f"sign: semaphores hold {data!r}")

    def receive_sysv_sem(self) -> None:
        channel = self.channel("sysv semaphores")
        with channel.attempt("semget existing + GETALL"):
            identifier = _libc.semget(IPC_KEY, 0, 0)
            if identifier >= 0:
                self._read_semaphores(channel, identifier)

    def send_posix_mq(self, message: bytes) -> None:
        channel = self.channel("posix message queue")
        with channel.attempt("mq_open + mq_send"):
            mq = _message_queues()
            flags = os.O_CREAT | os.O_RDWR | os.O_NONBLOCK
            queue = mq.mq_open(f"/{NAME}".encode(), flags, 0o666, None)
            if queue < 0:
                raise OSError(ctypes.get_errno(), "mq_open")
            self.keep.append(queue)
            if mq.mq_send(queue, message, len(message), 0) < 0:
                raise OSError(ctypes.get_errno(), "mq_send")
            channel.sent = True

    def receive_posix_mq(self) -> None:
        channel = self.channel("posix message queue")
        with channel.attempt("mq_receive"):
            mq = _message_queues()
            queue = mq.mq_open(f"/{NAME}".encode(), os.O_RDWR | os.O_NONBLOCK)
            if queue < 0:
                return
            buffer = ctypes.create_string_buffer(1 << 16)
            own = []
            while (size := mq.mq_receive(queue, buffer, len(buffer), None)) >= 0:
                data = buffer.raw[:size]
                if self.nonce.encode() in data:
                    own.append(data)
                self.found(channel, data)
            for data in own:
                mq.mq_send(queue, data, len(data), 0)
            mq.mq_close(queue)

    def send_posix_shm(self, message: bytes) -> None:
        # shm_open itself: multiprocessing's SharedMemory would fork a tracker process.
        channel = self.channel("posix shared memory")
        with channel.attempt("shm_open create"):
            flags = os.O_CREAT | os.O_EXCL | os.O_RDWR
            try:
                descriptor = _posixshmem.shm_open(f"/{NAME}", flags, 0o666)
            except FileExistsError:
                self.found(channel, "sign: the shared memory exists")
                descriptor = _posixshmem.shm_open(f"/{NAME}", os.O_RDWR, 0o666)
                self.found(channel, os.pread(descriptor, 4096, 0).rstrip(b"\0"))
            os.ftruncate(descriptor, 4096)
            memory = mmap.mmap(descriptor, 4096)
            memory[: len(message)] = message
            self.keep += [memory, descriptor]
            channel.sent = True

    def receive_posix_shm(self) -> None:
        channel = self.channel("posix shared memory")
        with channel.attempt("shm_open existing"), contextlib.suppress(FileNotFoundError):
            descriptor = _posixshmem.shm_open(f"/{NAME}", os.O_RDONLY, 0)
            self.found(channel, os.pread(descriptor, 4096, 0).rstrip(b"\0"))
            os.close(descriptor)

    # Sockets --------------------------------------------------------------------------

    def socket_addresses(self) -> list[tuple[str, int, Any]]:
        addresses: list[tuple[str, int, Any]] = [
            ("unix abstract socket", socket.AF_UNIX, f"\0{NAME}"),
            ("tcp loopback", socket.AF_INET, ("127.0.0.1", PORT)),
            ("tcp loopback ipv6", socket.AF_INET6, ("::1", PORT)),
        ]
        addresses += [
            (f"unix socket:{place}", socket.AF_UNIX, os.path.join(place, f"{NAME}.sock"))
            for place in places()
        ]
        return addresses

    def send_sockets(self, message: bytes) -> None:
        for name, family, address in self.socket_addresses():
            channel = self.channel(name)
            with channel.attempt(f"listen {address!r}"):
                listener = socket.socket(family, socket.SOCK_STREAM)
                try:
                    listener.bind(address)
                except OSError as error:
                    listener.close()
                    if error.errno != errno.EADDRINUSE:
                        raise
                    self.found(channel, f"sign: {address!r} is taken")
                    with socket.socket(family, socket.SOCK_STREAM) as client:
                        client.settimeout(1)
                        client.connect(address)
                        client.sendall(message)
                        channel.sent = True
                    continue
                listener.listen(8)
                self.keep.append(listener)
                threading.Thread(target=self._serve, args=(listener, channel), daemon=True).start()
                channel.sent = True
        datagram = self.channel("udp loopback")
        udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        with datagram.attempt("udp send"), udp as sender:
            sender.sendto(message, ("127.0.0.1", PORT))
            datagram.sent = True

    def _serve(self, listener: socket.socket, channel: Channel) -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            with connection:
                connection.settimeout(1)
                with contextlib.suppress(OSError):
                    self.found(channel, connection.recv(65536) or "sign: a connection")

    def receive_sockets(self) -> None:
        datagram = self.channel("udp loopback")
        with datagram.attempt("udp receive"):
            if not any(
                isinstance(kept, socket.socket) and kept.type == socket.SOCK_DGRAM
                for kept in self.keep
            ):
                receiver = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                receiver.setblocking(False)
                self.keep.append(receiver)
                receiver.bind(("127.0.0.1", PORT))
            for kept in self.keep:
                if isinstance(kept, socket.socket) and kept.type == socket.SOCK_DGRAM:
                    with contextlib.suppress(OSError):  # nothing came, or it is not bound
                        self.found(datagram, kept.recv(65536))

    def send_services(self, message: bytes) -> None:
        """Services on the machine two bots could both talk to (a database, a bus)."""
        channel = self.channel("service sockets")
        candidates = (
            glob.glob("/run/*/*.sock")
            + glob.glob("/var/run/*/.s.*")
            + [
                "/run/mysqld/mysqld.sock",
                "/var/run/postgresql/.s.PGSQL.5432",
                "/run/dbus/system_bus_socket",
                "/var/run/docker.sock",
                "/dev/log",
            ]
        )
        for path in dict.fromkeys(candidates):
            client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            with channel.attempt(f"connect {path}"), client:
                client.settimeout(1)
                client.connect(path)
                self.found(channel, f"sign: reached {path}")
                channel.sent = True

    # Processes, signals, tracing ------------------------------------------------------

    def foreign_pids(self) -> list[int]:
        """The processes it sees that are neither itself nor one it started."""
        pids = []
        for entry in glob.glob("/proc/[0-9]*"):
            pid = int(os.path.basename(entry))
            with contextlib.suppress(OSError), open(f"{entry}/stat") as status:
                parent = int(status.read().rsplit(")", 1)[1].split()[1])
                if pid not in self.own_pids and parent not in self.own_pids:
                    pids.append(pid)
        return pids

    def partners(self) -> list[int]:
        """The foreign processes that are copies of it: the ones to signal and trace."""
        found = []
        for pid in self.foreign_pids():
            with contextlib.suppress(OSError), open(f"/proc/{pid}/cmdline", "rb") as file:
                if os.path.basename(__file__).encode() in file.read():
                    found.append(pid)
        return found

    def send_signals(self, message: bytes) -> None:
        channel = self.channel("signals")
        for pid in self.partners():
            with channel.attempt(f"kill {pid}"):
                os.kill(pid, signal.SIGUSR1)
                channel.sent = True

    def receive_signals(self) -> None:
        channel = self.channel("signals")
        with channel.attempt("sigtimedwait"):
            while (info := signal.sigtimedwait({signal.SIGUSR1, signal.SIGUSR2}, 0)) is not None:
                self.found(channel, f"sign: signal {info.si_signo} from pid {info.si_pid}")

    def send_processes(self, message: bytes) -> None:
        channel = self.channel("/proc of other processes")
        with channel.attempt("prctl PR_SET_NAME"):
            _libc.prctl(_PR_SET_NAME, f"cc-{self.nonce[:8]}".encode(), 0, 0, 0)
        with channel.attempt("a child carrying the message in its environment and argv"):
            # posix_spawn: a fork would run gRPC's fork handlers, which wait on its streams.
            child = os.posix_spawn(
                sys.executable,
                [sys.executable, "-c", "import time; time.sleep(600)", message.decode()],
                {**os.environ, "CROUPIER_COLLUSION": message.decode()},
            )
            self.own_pids.add(child)
            self.children.append(child)
            channel.sent = True
        for pid in self.partners() if self.machine_wide else []:
            attach = self.channel("ptrace")
            with attach.attempt(f"ptrace attach {pid}"):
                if _libc.ptrace(_PTRACE_ATTACH, pid, None, None) == 0:
                    self.found(attach, f"sign: attached to {pid}")
                    _libc.ptrace(_PTRACE_DETACH, pid, None, None)
                else:
                    raise OSError(ctypes.get_errno(), "ptrace")

    def receive_processes(self) -> None:
        channel = self.channel("/proc of other processes")
        for pid in self.foreign_pids():
            for part in ("comm", "cmdline", "environ", "oom_score_adj"):
                with channel.attempt(f"read /proc/{pid}/{part}"):
                    with open(f"/proc/{pid}/{part}", "rb") as file:
                        data = file.read(65536)
                    if data.startswith(b"cc-") and self.nonce[:8].encode() not in data:
                        self.found(channel, f"sign: process {pid} is called {data!r}")
                    self.found(channel, data)

    # Kernel objects keyed by name or user ---------------------------------------------

    def _syscall(self, name: str, *arguments: Any) -> int:
        number = _SYSCALLS.get(os.uname().machine, {}).get(name)
        if number is None:
            raise OSError(errno.ENOSYS, f"{name} unknown here")
        result = int(_libc.syscall(ctypes.c_long(number), *arguments))
        if result < 0:
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
        return result

    def send_keyrings(self, message: bytes) -> None:
        for ring, spec in _KEY_SPEC.items():
            channel = self.channel(f"keyring:{ring}")
            with channel.attempt(f"add_key to the {ring} keyring"):
                self._syscall(
                    "add_key",
                    b"user",
                    f"{NAME}-{self.nonce}".encode(),
                    message,
                    ctypes.c_size_t(len(message)),
                    ctypes.c_int(spec),
                )
                channel.sent = True

    def receive_keyrings(self) -> None:
        for ring, spec in _KEY_SPEC.items():
            channel = self.channel(f"keyring:{ring}")
            with channel.attempt(f"read the {ring} keyring"):
                buffer = ctypes.create_string_buffer(4096)
                size = self._syscall(
                    "keyctl",
                    ctypes.c_long(_KEYCTL_READ),
                    ctypes.c_long(spec),
                    buffer,
                    ctypes.c_long(4096),
                )
                keys = [
                    int.from_bytes(buffer.raw[i : i + 4], sys.byteorder)
                    for i in range(0, min(size, 4096), 4)
                ]
                for key in keys:
                    payload = ctypes.create_string_buffer(4096)
                    with contextlib.suppress(OSError):
                        got = self._syscall(
                            "keyctl",
                            ctypes.c_long(_KEYCTL_READ),
                            ctypes.c_long(key),
                            payload,
                            ctypes.c_long(4096),
                        )
                        self.found(channel, payload.raw[: min(got, 4096)])

    def xattr_targets(self) -> list[str]:
        return [
            os.path.abspath(__file__),
            sys.executable,
            "/tmp",
            "/etc/hostname",
            os.path.dirname(os.environ.get("HOME", "/tmp")),
        ]

    def send_xattrs(self, message: bytes) -> None:
        channel = self.channel("extended attributes")
        for path in self.xattr_targets():
            with channel.attempt(f"setxattr {path}"):
                os.setxattr(path, f"user.{NAME}", message[:255])
                channel.sent = True
        metadata = self.channel("file modes and times")
        for path in self.xattr_targets():
            with metadata.attempt(f"utime {path}"):
                os.utime(path, (1_000_000, 1_000_000))
                metadata.sent = True
            with metadata.attempt(f"chmod {path}"):
                os.chmod(path, os.stat(path).st_mode)
                metadata.sent = True

    def receive_xattrs(self) -> None:
        channel = self.channel("extended attributes")
        for path in self.xattr_targets():
            with channel.attempt(f"getxattr {path}"):
                self.found(channel, os.getxattr(path, f"user.{NAME}"))
        metadata = self.channel("file modes and times")
        for path in self.xattr_targets():
            with metadata.attempt(f"stat {path}"):
                if os.stat(path).st_mtime == 1_000_000:
                    self.found(metadata, f"sign: {path} has the agreed time")

    def send_locks(self, message: bytes) -> None:
        """Lock files both copies read: the second to lock finds the first's lock."""
        channel = self.channel("file locks")
        for path in (os.path.abspath(__file__), sys.executable):
            file = open(path, "rb")  # noqa: SIM115 (held to the end, with its locks)
            self.keep.append(file)
            with channel.attempt(f"flock {path}"):
                try:
                    fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    channel.sent = True
                except BlockingIOError:
                    self.found(channel, f"sign: {path} is locked")
            with channel.attempt(f"test a write lock on {path}"):
                probe = fcntl.fcntl(file, fcntl.F_GETLK, bytes(32))
                if probe[:2] != fcntl.F_UNLCK.to_bytes(2, sys.byteorder):
                    self.found(channel, f"sign: {path} has a record lock")
            with channel.attempt(f"take a read lock on {path}"):
                fcntl.lockf(file, fcntl.LOCK_SH | fcntl.LOCK_NB)
                channel.sent = True

    def receive_locks(self) -> None:
        pass  # the second to lock finds the first's: seen when sending

    def send_watches(self, message: bytes) -> None:
        channel = self.channel("file watches")
        with channel.attempt("inotify_init1"):
            descriptor = _libc.inotify_init1(os.O_NONBLOCK)
            if descriptor < 0:
                raise OSError(ctypes.get_errno(), "inotify_init1")
            _libc.inotify_add_watch(descriptor, os.path.abspath(__file__).encode(), 0xFFF)
            self.keep.append(descriptor)
            self.found(channel, "sign: a watch on a shared file sees every open of it")
            channel.sent = True

    def receive_watches(self) -> None:
        pass  # a watch that can be made is itself the leak: reported when made

    def send_host(self, message: bytes) -> None:
        channel = self.channel("host name")
        with channel.attempt("sethostname"):
            name = f"cc-{self.nonce[:8]}".encode()
            if _libc.sethostname(name, len(name)) < 0:
                raise OSError(ctypes.get_errno(), "sethostname")
            channel.sent = True

    def receive_host(self) -> None:
        channel = self.channel("host name")
        with channel.attempt("gethostname"):
            name = socket.gethostname()
            if name.startswith("cc-") and self.nonce[:8] not in name:
                self.found(channel, f"sign: the host is called {name}")

    def receive_environment(self) -> None:
        channel = self.channel("environment variables")
        channel.tried.append("read its own environment")
        for name, value in os.environ.items():
            self.found(channel, f"{name}={value}")

    def close(self) -> None:
        """End the children it started and close what it held (a test's cleanup)."""
        for child in self.children:
            with contextlib.suppress(OSError):
                os.kill(child, signal.SIGKILL)
                os.waitpid(child, 0)
        for kept in self.keep:
            with contextlib.suppress(Exception):
                if isinstance(kept, int):
                    os.close(kept)
                else:
                    kept.close()


def clean_up() -> None:
    """Remove what copies of it left on this machine: files, FIFOs, IPC (a test's cleanup)."""
    for place in places():
        for path in glob.glob(os.path.join(place, f"{NAME}*")):
            with contextlib.suppress(OSError):
                if os.path.isdir(path) and not os.path.islink(path):
                    os.rmdir(path)
                else:
                    os.unlink(path)
    for get, remove, rmid in ((_libc.shmget, _libc.shmctl, 0), (_libc.msgget, _libc.msgctl, 0)):
        identifier = get(IPC_KEY, 0, 0) if get is _libc.shmget else get(IPC_KEY, 0)
        if identifier >= 0:
            remove(identifier, rmid, None)  # IPC_RMID
    identifier = _libc.semget(IPC_KEY, 0, 0)
    if identifier >= 0:
        _libc.semctl(identifier, 0, 0)  # IPC_RMID
    with contextlib.suppress(Exception):
        _message_queues().mq_unlink(f"/{NAME}".encode())


if __name__ == "__main__":
    croupier.run(Colluder())
