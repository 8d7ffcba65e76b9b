# A local RFC 3161 responder for tests/cli/test_timestamp.sh: HTTP POST of
# a TimeStampReq, answered by `openssl ts -reply -config CONFIG`. Prints
# its port on stdout, then serves until killed.
# Usage: python3 tsa_responder.py CONFIG
import http.server
import os
import subprocess
import sys
import tempfile

CONFIG = os.path.abspath(sys.argv[1])


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        query = self.rfile.read(int(self.headers['Content-Length']))
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, 'query'), 'wb') as f:
                f.write(query)
            subprocess.run(['openssl', 'ts', '-reply', '-config', CONFIG, '-queryfile',
                            os.path.join(d, 'query'), '-out', os.path.join(d, 'reply')],
                           check=True, stderr=subprocess.DEVNULL, cwd=os.path.dirname(CONFIG))
            with open(os.path.join(d, 'reply'), 'rb') as f:
                reply = f.read()
        self.send_response(200)
        self.send_header('Content-Type', 'application/timestamp-reply')
        self.send_header('Content-Length', str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
print(server.server_port, flush=True)
server.serve_forever()
