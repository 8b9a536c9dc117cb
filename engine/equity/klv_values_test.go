package equity

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
)

// TestKLVRefusesInsaneValues: a value that is not a number, infinite, or beyond any leave's
// worth is refused when the table is read, naming the leave, instead of ranking plays by it.
func TestKLVRefusesInsaneValues(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	e, _ := ts.ParseRack("E")
	ers, _ := ts.ParseRack("ERS")
	var good bytes.Buffer
	if err := WriteKLV(&good, []Leave{{e, 2.5}, {ers, 14}, {[]lexicon.Tile{0}, 24}}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		value float32
		want  string
	}{
		{"nan", float32(math.NaN()), "NaN"},
		{"inf", float32(math.Inf(-1)), "-Inf"},
		{"huge", 1e9, "1e+09"},
	} {
		b := bytes.Clone(good.Bytes())
		// The values are the last 12 bytes, in word order: ?, E, ERS.
		binary.LittleEndian.PutUint32(b[len(b)-4:], math.Float32bits(c.value))
		path := filepath.Join(dir, c.name+".klv2")
		os.WriteFile(path, b, 0o644)
		_, err := ReadKLVFile(path)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "leave ERS") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want it refused naming the file, the leave ERS and %s", c.name, err, c.want)
		}
	}
	if err := WriteKLV(&bytes.Buffer{}, []Leave{{e, float32(math.Inf(1))}}); err == nil {
		t.Error("WriteKLV wrote an infinite value")
	}
	if k, err := KLVFromBytes(good.Bytes()); err != nil || k.LeaveValue(ers) != 14 {
		t.Errorf("the good table: %v", err)
	}
}
