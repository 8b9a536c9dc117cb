package leaves

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/atril-scrabble/atril/internal/fileio"
)

// Checkpoints (and a shard's statistics) are written by the shared writer (internal/fileio): a
// FIFO where the checkpoint goes is refused and left as it is (it was replaced by a regular
// file), a checkpoint another atril is writing is refused, and a written one reads back.
func TestCheckpointWriterRefusesSpecialFiles(t *testing.T) {
	t.Parallel()
	const leaves, racks = 5, 7
	fp := fingerprint{runSettings: runSettings{Lexicon: "small", Tiles: "fise", Rules: "file", Games: 10, Seed: 1}, Generations: 2}
	st := state{gen: 0, done: 3, values: []float32{1, -2, 3, 0, 0.5}, tot: newTotals(racks, leaves)}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "run.ckpt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := writeCheckpoint(fifo, fp, &st); err == nil || !strings.Contains(err.Error(), fifo) || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("checkpoint into a FIFO: %v", err)
	}
	if fi, err := os.Stat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is no longer one: %v", err)
	}
	// Resuming from one, or from a device, is refused before reading (it blocked, or read for ever).
	for path, kind := range map[string]string{fifo: "named pipe", "/dev/zero": "device"} {
		if _, err := readCheckpoint(path, fp, leaves, racks); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), kind) {
			t.Errorf("resume from %s: %v", path, err)
		}
	}
	// (No device here: run as root, a regression would replace it for the whole machine, as the
	// code before did with /dev/full; the shared writer's own tests refuse devices.)
	held := filepath.Join(dir, "held.ckpt")
	other, err := fileio.Create(held) // another atril writing it
	if err != nil {
		t.Fatal(err)
	}
	if err := writeCheckpoint(held, fp, &st); err == nil || !strings.Contains(err.Error(), "being written by another atril") {
		t.Errorf("checkpoint another atril writes: %v", err)
	}
	other.Abort()
	if err := writeCheckpoint(held, fp, &st); err != nil {
		t.Fatal(err)
	}
	got, err := readCheckpoint(held, fp, leaves, racks)
	if err != nil || got.done != 3 || len(got.values) != leaves || got.values[1] != -2 {
		t.Errorf("read back: %+v, %v", got, err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("files left beside the checkpoints: %v", ents)
	}
}
