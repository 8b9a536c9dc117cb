package cmd

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/testproc"
)

// hardEndgame is the first endgame of a self-play game on the shipped lexicon (seeded), seven
// tiles against seven: its exact solve takes minutes, its first depths milliseconds.
const hardEndgame = "2COnDU[CH]aR5/2A4ALENTAR1/2[LL]12/2AFORE8/2BOY2HA6/2A1EXPIDO5/2I4PI6/LISTEL1EA6/8N6/1M1DEJADO6/COÑON2E7/1G1M1C1SUNTUOSA/HOZA1U1Q7/1T3[RR]1U7/REBINE1E7 ACEEGIR/ADLSSSV 340/392 0"

// Ctrl-C (a real SIGINT) during a long endgame solve prints the best line found so far, not
// proven, in the documented JSON, and exits 130.
func TestEndgameSIGINT(t *testing.T) {
	t.Parallel()
	child := exec.Command(os.Args[0], "-test.run=^TestEndgameChildProcess$")
	child.Env = append(os.Environ(), "ATRIL_ENDGAME_CHILD="+strings.Join([]string{"endgame", "--json", "--threads", "2", "--table-mb", "64", "--cgp", hardEndgame}, "\n"))
	testproc.Prepare(t, child)
	stdout, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := child.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	out, errOut := &lockedBuffer{}, &lockedBuffer{}
	go out.readFrom(stdout)
	go errOut.readFrom(stderr)
	errOut.waitFor(t, "depth 2:") // two depths searched: a best line exists
	if err := child.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	out.waitUntil(t, "the end of its output", func(string) bool { return out.closed })
	err = child.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != ExitInterrupted {
		t.Fatalf("exit %v, want %d:\n%s", err, ExitInterrupted, errOut.String())
	}
	var res endgameJSON
	if err := json.Unmarshal([]byte(out.String()), &res); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	if res.Proven || res.Best == "" || len(res.PV) == 0 || res.PV[0] != res.Best || len(res.Plays) < 2 || res.Nodes == 0 {
		t.Errorf("interrupted solve: %+v", res)
	}
}

// TestEndgameChildProcess is not a test: TestEndgameSIGINT runs the test binary with
// ATRIL_ENDGAME_CHILD set (the arguments, one a line), and this function then acts as `atril`
// (Main, signals included, progress shown on the piped stderr).
func TestEndgameChildProcess(t *testing.T) {
	args := os.Getenv("ATRIL_ENDGAME_CHILD")
	if args == "" {
		t.Skip("runs only as TestEndgameSIGINT's child process")
	}
	sys := SystemIO()
	sys.Getenv = func(string) string { return "" } // the embedded default lexicon
	sys.ErrTTY = true
	os.Args = append([]string{"atril"}, strings.Split(args, "\n")...)
	os.Exit(Main(sys))
}
