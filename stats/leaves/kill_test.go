package leaves

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/testproc"
)

// killOptions is the run the kill test stops (refOptions, whose table refValues is): a
// checkpoint after every batch.
func killOptions(t testing.TB, ck string) LearnOptions {
	o := refOptions(t)
	o.Checkpoint, o.CheckpointEvery = ck, time.Nanosecond
	return o
}

// TestLearnChildProcess is the learning run TestLearnKilled kills: it says "ready" once the
// second generation is under way, then stops making progress until it is killed.
func TestLearnChildProcess(t *testing.T) {
	t.Parallel()
	ck := os.Getenv("ATRIL_LEARN_CHILD")
	if ck == "" {
		t.Skip("runs only as TestLearnKilled's child process")
	}
	testproc.Watch(200 * time.Millisecond)
	o := killOptions(t, ck)
	o.Progress = func(p Progress) {
		if p.Generation == 2 && p.Phase == "play" && p.Games >= 2*testBatch { // the first batch is saved by now
			fmt.Println("ready")
			select {} // killed here
		}
	}
	Learn(context.Background(), o)
	os.Exit(3) // not killed in time: the parent says so
}

// A learning run killed with SIGKILL mid-generation resumes from its last checkpoint and
// learns the very table of a run never stopped.
func TestLearnKilled(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "run.klv2.ckpt")
	child := exec.Command(os.Args[0], "-test.run=^TestLearnChildProcess$")
	child.Env = append(os.Environ(), "ATRIL_LEARN_CHILD="+ck)
	testproc.Prepare(t, child)
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.TrimSpace(sc.Text()) == "ready" {
				ready <- true
				return
			}
		}
		ready <- false
	}()
	select {
	case ok := <-ready:
		if !ok {
			child.Wait()
			t.Fatalf("the child ended before the second generation: %v", child.ProcessState)
		}
	case <-time.After(2 * time.Minute):
		child.Process.Kill()
		t.Fatal("the child never reached the second generation")
	}
	if err := child.Process.Kill(); err != nil { // SIGKILL: no handler, no last save
		t.Fatal(err)
	}
	child.Wait()
	if _, err := os.Stat(ck); err != nil {
		t.Fatalf("no checkpoint after the kill: %v", err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(ck), "*"))
	if len(leftovers) != 1 {
		t.Errorf("files beside the checkpoint after the kill: %v", leftovers)
	}

	resumed := killOptions(t, ck)
	resumed.Workers = 2
	resumed.Resume = true
	var from Progress
	resumed.Progress = func(p Progress) {
		if p.Phase == "resume" {
			from = p
		}
	}
	got, err := Learn(context.Background(), resumed)
	if err != nil {
		t.Fatalf("resuming after kill -9: %v", err)
	}
	if from.Generation != 2 || from.Games < testBatch {
		t.Errorf("resumed from %+v, want the second generation with a batch done", from)
	}
	if want := refValues(t); !slices.Equal(got.Values, want.Values) {
		t.Error("the run resumed after kill -9 learned another table than a run never stopped")
	}
}
