"""A Standard Webhooks receiver in Python's standard library, as a user would write one.

Usage: python3 webhook_receiver.py whsec_...   Prints {"port": N} once listening, then one JSON
line per delivery: whether its signature matches and its timestamp is within the 5 minutes of the
receiver's own clock that Standard Webhooks verifiers allow. Answers 204 if both hold, else 400.
"""

import base64, hashlib, hmac, json, sys, time
from http.server import BaseHTTPRequestHandler, HTTPServer

KEY = base64.b64decode(sys.argv[1].removeprefix("whsec_"))
TOLERANCE_SECONDS = 300


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers["content-length"]))
        msg_id, timestamp = self.headers["webhook-id"], self.headers["webhook-timestamp"]
        mac = hmac.new(KEY, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
        expected = base64.b64encode(mac).decode()
        signatures = [s.partition(",")[2] for s in self.headers["webhook-signature"].split()]
        signed = any(hmac.compare_digest(s, expected) for s in signatures)
        skew = int(time.time()) - int(timestamp)
        fresh = abs(skew) <= TOLERANCE_SECONDS
        print(json.dumps({"id": msg_id, "signed": signed, "fresh": fresh, "skew": skew}), flush=True)
        self.send_response(204 if signed and fresh else 400)
        self.end_headers()

    def log_message(self, *args):
        pass


server = HTTPServer(("127.0.0.1", 0), Receiver)
print(json.dumps({"port": server.server_port}), flush=True)
server.serve_forever()
