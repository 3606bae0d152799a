import os
# Server score exactly as mcplint's terminal/html reporters compute it (core.score.compute_score)
# from the saved JSON lint report of each server.
import json
from mcplint.models.findings import LintReport
from mcplint.core.score import compute_score
for n in open(os.environ['PEER_LINT'] + '/held_out.txt').read().split():
    rep = LintReport.model_validate_json(open(os.environ['PEER_LINT'] + f'/raw/mcplint-cli/{n}.scan.json').read())
    s = compute_score(rep)
    open(os.environ['PEER_LINT'] + f'/raw/mcplint-cli/{n}.score.json', 'w').write(s.model_dump_json(indent=1))
print('ok')
