package cmd

import (
	"encoding/json"
	"strings"
	"testing"
)

// One bad leave among several: the good ones are shown, the bad one reported, exit 2; the same
// under --json, with the bad ones in "errors".
func TestLeavesShowBadLeave(t *testing.T) {
	t.Parallel()
	out, errOut, code := runEngineCmd(t, nil, "leaves", "show", "handset", "?", "S", "ZZ", "QQQ")
	if code != ExitError || !strings.Contains(out, "?") || !strings.Contains(out, "S") || !strings.Contains(errOut, "ZZ") || !strings.Contains(errOut, "QQQ") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	out, _, code = runEngineCmd(t, nil, "leaves", "show", "handset", "?", "ZZ", "--json")
	var got leavesShowJSON
	if code != ExitError || json.Unmarshal([]byte(out), &got) != nil || len(got.Leaves) != 1 || len(got.Errors) != 1 || !strings.Contains(got.Errors[0], "ZZ") {
		t.Errorf("--json: exit %d %s", code, out)
	}
}
