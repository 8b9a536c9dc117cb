package leaves

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// ticking is a clock that moves on by step at each reading, remembering the first and last.
type ticking struct {
	t, first, last time.Time
	step           time.Duration
}

func (c *ticking) now() time.Time {
	c.t = c.t.Add(c.step)
	if c.first.IsZero() {
		c.first = c.t
	}
	c.last = c.t
	return c.t
}

// TestLearnTimeAcrossResumes: a resumed run's time is the stopped process's and its own, so
// that its speed is not all its games over the last process's seconds.
func TestLearnTimeAcrossResumes(t *testing.T) {
	t.Parallel()
	lex := smallSetLexicon(t)
	ck := filepath.Join(t.TempDir(), "run.ckpt")
	base := LearnOptions{Lexicon: lex, Games: 24, Generations: 1, Seed: 11, Workers: 1, Checkpoint: ck, batch: testBatch}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := base
	stopped.Now = (&ticking{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), step: time.Minute}).now
	stopped.Progress = func(p Progress) {
		if p.Phase == "play" {
			cancel()
		}
	}
	if _, err := Learn(ctx, stopped); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v", err)
	}
	f, err := os.Open(ck)
	if err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(f).ReadBytes('\n')
	f.Close()
	var hdr checkpointHeader
	if err := json.Unmarshal(line, &hdr); err != nil || hdr.Seconds < 60 {
		t.Fatalf("checkpoint header %s: %v, want the stopped run's minutes in it", line, err)
	}
	resumed := base
	resumed.Resume = true
	clock := &ticking{t: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC), step: time.Second}
	resumed.Now = clock.now
	res, err := Learn(context.Background(), resumed)
	if err != nil {
		t.Fatal(err)
	}
	own := clock.last.Sub(clock.first).Seconds()
	if res.Seconds != hdr.Seconds+own || own <= 0 {
		t.Errorf("learning took %v s, want the stopped run's %v s and the resumed run's %v s", res.Seconds, hdr.Seconds, own)
	}
}
