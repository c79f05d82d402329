"""Test a client in another language against the mock server over plain HTTP (Python stdlib only).

Starts `msgsvc-mock serve --port 0 --json --clock virtual`, reads the one JSON line it prints (base
URL, demo key, sender ID), and drives the public API and the control API with urllib. With a
virtual clock, time moves only when the test says so (POST /__mock/clock/run-until-idle).

Run it:  python3 -m unittest -v examples/plain-http/test_messaging_api.py
The server command defaults to `npx msgsvc-mock`; set MSGSVC_MOCK_COMMAND to change it.
"""

import json
import os
import shlex
import subprocess
import unittest
import urllib.error
import urllib.request

MOCK_COMMAND = shlex.split(os.environ.get("MSGSVC_MOCK_COMMAND", "npx msgsvc-mock"))


class MessagingApiTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = subprocess.Popen(
            [*MOCK_COMMAND, "serve", "--port", "0", "--json", "--clock", "virtual"],
            stdout=subprocess.PIPE,
            text=True,
        )
        line = cls.server.stdout.readline()
        if not line:
            raise RuntimeError(f"the mock server did not start (exit code {cls.server.wait()})")
        cls.info = json.loads(line)

    @classmethod
    def tearDownClass(cls):
        cls.server.terminate()  # SIGTERM: the server stops cleanly
        cls.server.wait(timeout=10)
        cls.server.stdout.close()

    def setUp(self):
        # Every test starts from the world the server started with (same ids, same keys).
        self.control("POST", "/reset")

    def call(self, method, url, body=None, headers=None):
        """Returns (status, parsed JSON body); HTTP errors are answers too, not exceptions."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def api(self, method, path, body=None, key=None):
        headers = {"X-API-KEY": key or self.info["live_key"]}
        return self.call(method, self.info["base_url"] + path, body, headers)

    def control(self, method, path, body=None):
        return self.call(method, self.info["control_url"] + path, body)

    def test_a_message_is_sent_and_delivered(self):
        status, sent = self.api("POST", "/messages", {"to": "+244900000001", "body": "Olá"})
        self.assertEqual(status, 201)
        self.assertEqual(sent["status"], "PENDING")

        self.control("POST", "/clock/run-until-idle")  # dispatch and the delivery receipt

        status, message = self.api("GET", f"/messages/{sent['id']}")
        self.assertEqual(status, 200)
        self.assertEqual(message["status"], "DELIVERED")
        self.assertEqual(message["e164_format"], "+244900000001")

    def test_a_campaign_completes(self):
        recipients = ["+244900000001", "+244900000002", "923 000 001"]
        status, accepted = self.api(
            "POST",
            "/campaigns/batch",
            {
                "remitter_id": self.info["sender_id"]["id"],
                "channel_type": "SMS",
                "content": "Promoção de verão",
                "recipients": recipients,
            },
        )
        self.assertEqual(status, 202)

        self.control("POST", "/clock/run-until-idle")

        _, campaign = self.api("GET", f"/campaigns/{accepted['campaign_id']}")
        self.assertEqual(campaign["status"], "COMPLETED")
        _, page = self.api("GET", f"/campaigns/{accepted['campaign_id']}/messages?size=10")
        self.assertEqual(page["total"], 3)

    def test_errors_use_one_envelope(self):
        status, error = self.api("POST", "/messages", {"to": "12", "body": "Olá"})
        self.assertEqual(status, 422)
        self.assertEqual(error["code"], "VALIDATION_ERROR")
        self.assertIn("to", error["fields"])

        status, error = self.api("GET", "/messages", key="svc_live_not0a0real0key0000000000")
        self.assertEqual(status, 401)
        self.assertEqual(error["code"], "AUTH_INVALID_API_KEY")

    def test_an_injected_outage_answers_503(self):
        self.control("POST", "/faults/request-failures", {"operation_id": "sendMessage", "status": 503})

        status, error = self.api("POST", "/messages", {"to": "+244900000001", "body": "Olá"})

        self.assertEqual(status, 503)
        self.assertEqual(error["code"], "SERVICE_UNAVAILABLE")


if __name__ == "__main__":
    unittest.main()
