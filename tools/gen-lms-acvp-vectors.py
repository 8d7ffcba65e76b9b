#!/usr/bin/env python3
"""Writes tests/vectors/lms/acvp_lms_sigver.json from NIST's ACVP LMS sigVer
files (github.com/usnistgov/ACVP-Server, gen-val/json-files/LMS-sigVer-1.0/
prompt.json and expectedResults.json): per test group lmsMode, lmOtsMode and
the bare LMS public key (RFC 8554 section 5.3); per test tcId, message, the
bare LMS signature (section 5.4) and testPassed, matched by tgId and tcId.
Hex is kept as NIST wrote it (upper case). tests/hashsig/test_lms.cpp reads
the result (TEST(Lms, AcvpSigVer)).

Run: python3 tools/gen-lms-acvp-vectors.py prompt.json expectedResults.json \
         <commit> > tests/vectors/lms/acvp_lms_sigver.json
(<commit>: the ACVP-Server commit the two files were taken from.)
"""
import json
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: gen-lms-acvp-vectors.py prompt.json expectedResults.json commit")
    prompt = json.load(open(sys.argv[1]))
    expected = json.load(open(sys.argv[2]))
    commit = sys.argv[3]
    if prompt.get("algorithm") != "LMS" or prompt.get("mode") != "sigVer":
        sys.exit("prompt.json is not an LMS sigVer file")
    passed = {}
    for g in expected["testGroups"]:
        for t in g["tests"]:
            passed[(g["tgId"], t["tcId"])] = t["testPassed"]
    groups = []
    n = 0
    for g in prompt["testGroups"]:
        tests = []
        for t in g["tests"]:
            key = (g["tgId"], t["tcId"])
            if key not in passed:
                sys.exit("no expected result for tgId %d tcId %d" % key)
            tests.append({"tcId": t["tcId"], "message": t["message"],
                          "signature": t["signature"], "testPassed": passed.pop(key)})
            n += 1
        groups.append({"tgId": g["tgId"], "testType": g["testType"], "lmsMode": g["lmsMode"],
                       "lmOtsMode": g["lmOtsMode"], "publicKey": g["publicKey"],
                       "tests": tests})
    if passed:
        sys.exit("expected results without a test: %s" % sorted(passed))
    out = {
        "source": "github.com/usnistgov/ACVP-Server, gen-val/json-files/LMS-sigVer-1.0/"
                  "prompt.json and expectedResults.json, commit " + commit,
        "algorithm": "LMS", "mode": "sigVer", "revision": prompt["revision"],
        "numberOfTests": n,
        "testGroups": groups,
    }
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
