"""A hub started the README's way: `deploy/appnorth up` with already built binaries, a data
directory, a free loopback port and an operator token of its own; `deploy/appnorth down`."""
import os
import secrets
import shutil
import socket
import subprocess
import time
from pathlib import Path

from .api import request

# `up` waits up to APPNORTH_UP_TIMEOUT_S (120 s) for /healthz itself; this is the backstop.
UP_LIMIT_S = 180
# `down` gives ingest, then the backends, APPNORTH_STOP_GRACE_S (20 s) each.
DOWN_LIMIT_S = 90
HEALTHY_WITHIN_S = 30
DAEMONS = ("ingest", "chatd", "pushd", "marketd", "asod")


class HubError(Exception):
    pass


def free_port():
    """A port nothing listens on now (the kernel's pick); the hub binds it a moment later."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Hub:
    def __init__(self, root, data_dir, build_config="debug"):
        self.root = Path(root)
        self.data_dir = Path(data_dir)
        self.port = free_port()
        self.admin_token = "an_" + secrets.token_hex(24)
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "APPNORTH_DATA_DIR": str(self.data_dir),
            "APPNORTH_HTTP_ADDR": f"127.0.0.1:{self.port}",
            "APPNORTH_SKIP_BUILD": "1",
            "APPNORTH_BUILD_CONFIG": build_config,
            "APPNORTH_ADMIN_TOKEN": self.admin_token,
        }

    def _appnorth(self, command, limit_s, *args):
        return subprocess.run(
            [str(self.root / "deploy" / "appnorth"), command, *args], env=self.env, cwd=self.root,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=limit_s)

    def appnorth(self, command, *args, limit_s=60):
        """`deploy/appnorth COMMAND ARGS…` against this hub; its stdout, or HubError with stderr."""
        done = self._appnorth(command, limit_s, *args)
        if done.returncode != 0:
            raise HubError(f"deploy/appnorth {command} {' '.join(args)} exited {done.returncode}:\n{done.stderr}")
        return done.stdout

    def up(self):
        """Starts the five daemons and returns once /healthz answers ok on this hub's port."""
        try:
            started = self._appnorth("up", UP_LIMIT_S)
        except subprocess.TimeoutExpired:
            raise HubError(f"deploy/appnorth up did not return within {UP_LIMIT_S} s\n{self.log_tail()}") from None
        if started.returncode != 0:
            raise HubError(
                f"deploy/appnorth up exited {started.returncode}:\n{started.stdout}{started.stderr}\n{self.log_tail()}")
        self.wait_healthy()

    def wait_healthy(self, within_s=HEALTHY_WITHIN_S):
        deadline = time.monotonic() + within_s
        last = "no answer"
        while time.monotonic() < deadline:
            try:
                health = request("GET", self.base_url + "/healthz", timeout=3)
                if health.status == 200 and health.json.get("status") == "ok":
                    return health.json
                last = str(health)
            except OSError as error:
                last = str(error)
            time.sleep(0.2)
        raise HubError(f"{self.base_url}/healthz not ok within {within_s} s: {last}\n{self.log_tail()}")

    def down(self):
        """Stops the hub (ingest first, then the backends); `deploy/appnorth down`'s output."""
        try:
            stopped = self._appnorth("down", DOWN_LIMIT_S)
        except subprocess.TimeoutExpired:
            return f"deploy/appnorth down did not return within {DOWN_LIMIT_S} s"
        return stopped.stdout

    def log_tail(self, lines=5):
        """The last lines of each daemon's and the supervisor's log."""
        parts = []
        for name in (*DAEMONS, "supervisor"):
            log = self.data_dir / "log" / f"{name}.log"
            if log.is_file():
                tail = log.read_text(errors="replace").splitlines()[-lines:]
                parts.append(f"--- {name}.log\n" + "\n".join(tail))
        return "\n".join(parts) or f"(no logs in {self.data_dir / 'log'})"

    def keep_logs(self, destination):
        """Copies the hub's logs next to the screenshots, so that a failed run can be read later."""
        source = self.data_dir / "log"
        if source.is_dir():
            shutil.copytree(source, destination, dirs_exist_ok=True)
