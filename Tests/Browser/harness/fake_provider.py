"""A fake provider from `Tests/Fixtures/` run as a child process (its docstring lists the
control routes), which the hub is pointed at through its environment. It exits when its stdin
closes, so it never outlives the run."""
import subprocess
import sys
from pathlib import Path

from .api import request


class FakeProvider:
    def __init__(self, root, script):
        path = Path(root) / "Tests" / "Fixtures" / script
        self.process = subprocess.Popen(
            [sys.executable, str(path), "--port", "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        port = self.process.stdout.readline().strip()
        if not port.isdigit():
            self.stop()
            raise RuntimeError(f"{script} did not start (printed {port!r})")
        self.base_url = f"http://127.0.0.1:{port}"

    def control(self, path, body):
        """POSTs `body` to a control route (`/__control/…`); its JSON answer."""
        return request("POST", self.base_url + path, json_body=body).expect(200).json

    def read(self, path):
        """GETs a control route; its JSON answer."""
        return request("GET", self.base_url + path).expect(200).json

    def stop(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.terminate()
            self.process.wait(timeout=10)
