package leaves

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzReadCheckpoint: a state file changed in any way (a flipped byte, cut short, another
// program's file) is refused with an error or read whole, never a panic or a huge allocation.
func FuzzReadCheckpoint(f *testing.F) {
	const leaves, racks = 5, 7
	fp := fingerprint{runSettings: runSettings{Lexicon: "small", Tiles: "fise", Rules: "file", Games: 10, Seed: 1}, Generations: 2}
	dir := f.TempDir()
	good := filepath.Join(dir, "good.ckpt")
	st := state{gen: 1, done: 3, values: []float32{1, -2, 3, 0, 0.5}, tot: newTotals(racks, leaves)}
	if err := writeCheckpoint(good, fp, &st); err != nil {
		f.Fatal(err)
	}
	b, err := os.ReadFile(good)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add(b[:len(b)/2])
	f.Add([]byte{})
	f.Add([]byte("{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "run.ckpt")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readCheckpoint(path, fp, leaves, racks)
		if err == nil && (len(got.values) != leaves || got.tot == nil) {
			t.Fatalf("read without an error but %d values", len(got.values))
		}
	})
}
