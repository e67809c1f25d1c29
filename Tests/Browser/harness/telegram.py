"""Telegram's Bot API as the hub reaches it in this suite: `Tests/Fixtures/fake_telegram.py`
run as a child process (its docstring lists the control routes), which the hub is pointed at
with `APPNORTH_TELEGRAM_API_URL`. It exits when its stdin closes, so it never outlives the run."""
import subprocess
import sys
from pathlib import Path

from .api import request


class FakeTelegram:
    def __init__(self, root):
        script = Path(root) / "Tests" / "Fixtures" / "fake_telegram.py"
        self.process = subprocess.Popen(
            [sys.executable, str(script), "--port", "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        port = self.process.stdout.readline().strip()
        if not port.isdigit():
            self.stop()
            raise RuntimeError(f"fake_telegram.py did not start (printed {port!r})")
        self.base_url = f"http://127.0.0.1:{port}"

    def control(self, path, body):
        """POSTs `body` to a control route (`/__control/…`); its JSON answer."""
        return request("POST", self.base_url + path, json_body=body).expect(200).json

    def stop(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.terminate()
            self.process.wait(timeout=10)
