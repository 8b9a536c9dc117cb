package equity

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

func randomLeave(rng *rand.Rand, ts *lexicon.TileSet) []lexicon.Tile {
	n := 1 + rng.IntN(6)
	var out []lexicon.Tile
	for len(out) < n {
		t := lexicon.Tile(rng.IntN(ts.Size()))
		if c := ts.Count(t); c > 0 && bytesCount(out, t) < c {
			out = append(out, t)
		}
	}
	return out
}

func bytesCount(w []lexicon.Tile, t lexicon.Tile) int {
	n := 0
	for _, x := range w {
		if x == t {
			n++
		}
	}
	return n
}

func key(w []lexicon.Tile) string {
	s := slices.Clone(w)
	slices.Sort(s)
	return string(s)
}

// TestKLVRoundTrip writes a KLV2 table and reads every value back through the index counting,
// in any tile order; absent leaves are worth 0.
func TestKLVRoundTrip(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	rng := rand.New(rand.NewPCG(7, 7))
	want := map[string]float32{}
	var leaves []Leave
	for i := 0; i < 3000; i++ {
		l := randomLeave(rng, ts)
		v := float32(rng.NormFloat64() * 10)
		want[key(l)] = v // WriteKLV keeps the last value of a duplicate
		leaves = append(leaves, Leave{Tiles: l, Value: v})
	}
	var buf bytes.Buffer
	if err := WriteKLV(&buf, leaves); err != nil {
		t.Fatal(err)
	}
	k, err := KLVFromBytes(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if k.Len() != len(want) {
		t.Errorf("%d values, want %d distinct leaves", k.Len(), len(want))
	}
	for _, l := range leaves {
		shuffled := slices.Clone(l.Tiles)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		if got := k.LeaveValue(shuffled); got != float64(want[key(l.Tiles)]) {
			t.Fatalf("leave %s: %v, want %v", ts.Notation(l.Tiles), got, want[key(l.Tiles)])
		}
	}
	absent := 0
	for i := 0; i < 2000; i++ {
		l := randomLeave(rng, ts)
		if _, ok := want[key(l)]; ok {
			continue
		}
		absent++
		if got := k.LeaveValue(l); got != 0 {
			t.Fatalf("absent leave %s: %v, want 0", ts.Notation(l), got)
		}
	}
	if absent == 0 {
		t.Error("no absent leave tried")
	}
	if k.LeaveValue(nil) != 0 {
		t.Error("empty leave should be 0")
	}
}

// TestKLVIndexOrder: a table's values line up with its leaves in sorted order, which is what
// wolges and macondo write (checked on a hand-made table).
func TestKLVIndexOrder(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	parse := func(s string) []lexicon.Tile {
		w, err := ts.Parse(s, lexicon.ParseOptions{AllowBlank: true})
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	entries := []struct {
		leave string
		value float32
	}{{"?", 25}, {"?S", 30}, {"A", 1}, {"AE", 2.5}, {"AES", 9}, {"ES", 8.25}, {"Q", -7}, {"S", 8}}
	var leaves []Leave
	for i := len(entries) - 1; i >= 0; i-- { // given in reverse: the writer sorts
		leaves = append(leaves, Leave{parse(entries[i].leave), entries[i].value})
	}
	var buf bytes.Buffer
	if err := WriteKLV(&buf, leaves); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	k, err := KLVFromBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range entries {
		if k.values[i] != e.value {
			t.Errorf("value %d is %v, want %v (%s): values must follow sorted leave order", i, k.values[i], e.value, e.leave)
		}
		if got := k.LeaveValue(parse(e.leave)); got != float64(e.value) {
			t.Errorf("%s: %v, want %v", e.leave, got, e.value)
		}
	}
	// A blank played as a letter is still a blank when kept.
	if got := k.LeaveValue([]lexicon.Tile{parse("S")[0], lexicon.Tile(5) | lexicon.BlankBit}); got != 30 {
		t.Errorf("?S with a designated blank: %v, want 30", got)
	}
}

func TestKLVBadInput(t *testing.T) {
	t.Parallel()
	var good bytes.Buffer
	if err := WriteKLV(&good, []Leave{{[]lexicon.Tile{1}, 1}, {[]lexicon.Tile{1, 2}, 2}}); err != nil {
		t.Fatal(err)
	}
	g := good.Bytes()
	for name, b := range map[string][]byte{
		"empty":            {},
		"short count":      {1, 0},
		"nodes missing":    g[:8],
		"values missing":   g[:len(g)-4],
		"trailing garbage": append(slices.Clone(g), 1, 2, 3, 4),
		"huge node count":  {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0},
	} {
		_, err := KLVFromBytes(b)
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		// Every error is the catalogue's, so it reads in the player's language.
		var ie *i18n.Error
		if !errors.As(err, &ie) || !strings.HasPrefix(ie.ID, "leavetable.") {
			t.Errorf("%s: %v is not a leave-table error of the catalogue", name, err)
		}
		// Read from a file, the error names it, in English and in Spanish.
		path := filepath.Join(t.TempDir(), "roto.klv2")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err = ReadKLVFile(path)
		for lang, want := range map[i18n.Lang]string{i18n.English: "leave table", i18n.Spanish: "tabla de remanentes"} {
			msg := i18n.For(lang).Err(err)
			if !strings.HasPrefix(msg, path+": ") || !strings.Contains(msg, want) {
				t.Errorf("%s in %s: %q, want the file and %q", name, lang, msg, want)
			}
		}
	}
	// A device that never ends (--leaves /dev/zero) is refused before it is read.
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err := ReadKLVFile("/dev/zero")
		if !errors.As(err, new(*fileio.NotRegularError)) || !strings.HasPrefix(i18n.For(i18n.Spanish).Err(err), "/dev/zero es un dispositivo") {
			t.Errorf("/dev/zero: %v", err)
		}
	}
	// The empty table of wolges (one node, no values) reads and values everything at 0.
	empty := []byte{1, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0}
	k, err := KLVFromBytes(empty)
	if err != nil {
		t.Fatal(err)
	}
	if k.LeaveValue([]lexicon.Tile{1, 2}) != 0 {
		t.Error("empty table should value leaves at 0")
	}
}

func FuzzKLVFromBytes(f *testing.F) {
	var good bytes.Buffer
	WriteKLV(&good, []Leave{{[]lexicon.Tile{1}, 1}, {[]lexicon.Tile{0, 1, 2}, 2}})
	f.Add(good.Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		k, err := KLVFromBytes(b)
		if err == nil {
			k.LeaveValue([]lexicon.Tile{1, 2, 3})
			k.LeaveValue([]lexicon.Tile{0})
		}
	})
}

// TestDefaultLeaves checks the built-in model's documented preferences on the FISE set.
func TestDefaultLeaves(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	d := NewDefault(ts)
	v := func(s string) float64 {
		w, err := ts.Parse(s, lexicon.ParseOptions{AllowBlank: true})
		if err != nil {
			t.Fatal(err)
		}
		return d.LeaveValue(w)
	}
	better := [][2]string{
		{"?", "S"}, {"S", "E"}, {"ERS", "QÑX"}, {"AE", "AA"}, {"QU", "Q"}, {"AER", "AEIOU"},
		{"ENRS", "UUU"}, {"R", "[RR]"}, {"L", "[LL]"}, {"C", "[CH]"}, {"??", "SS"}, {"ES", "Ñ"},
	}
	for _, p := range better {
		if !(v(p[0]) > v(p[1])) {
			t.Errorf("leave %s (%.2f) should be worth more than %s (%.2f)", p[0], v(p[0]), p[1], v(p[1]))
		}
	}
	if v("QU") != v("UQ") {
		t.Error("order must not matter")
	}
	if got := Equity(10, nil, d); got != 10 {
		t.Errorf("equity with no leave: %v", got)
	}
	if got := EndgameLeave(ts, []lexicon.Tile{mustTile(t, ts, "Z"), lexicon.Blank}); got != -20 {
		t.Errorf("endgame leave Z?: %v, want -20", got)
	}
}

func mustTile(t *testing.T, ts *lexicon.TileSet, label string) lexicon.Tile {
	tl, ok := ts.Tile(label)
	if !ok {
		t.Fatalf("no tile %s", label)
	}
	return tl
}

// TestChecksums: a KLV2 table's checksum is a CRC-32C of its file bytes, and any changed value
// changes it; the hand-set model's depends on its values for the tile set; Same compares
// checksums only.
func TestChecksums(t *testing.T) {
	t.Parallel()
	var a, b bytes.Buffer
	if err := WriteKLV(&a, []Leave{{[]lexicon.Tile{1}, 1}, {[]lexicon.Tile{1, 2}, 2}}); err != nil {
		t.Fatal(err)
	}
	if err := WriteKLV(&b, []Leave{{[]lexicon.Tile{1}, 1}, {[]lexicon.Tile{1, 2}, 2.5}}); err != nil {
		t.Fatal(err)
	}
	ka, err := KLVFromBytes(a.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	kb, err := KLVFromBytes(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("crc32c:%08x", crc32.Checksum(a.Bytes(), crc32.MakeTable(crc32.Castagnoli)))
	if ka.Checksum() != want || kb.Checksum() == ka.Checksum() {
		t.Errorf("checksums %s and %s, want %s for the first", ka.Checksum(), kb.Checksum(), want)
	}
	fise := lexicon.DefaultTileSet()
	other, err := lexicon.ParseTileSet("tiny", "tiny.csv", strings.NewReader("?,2,0,false\nA,9,1,true\nB,2,3,false\nS,4,1,false\n"))
	if err != nil {
		t.Fatal(err)
	}
	h1, h2, h3 := HandSet(fise), HandSet(fise), HandSet(other)
	if !h1.Info.Same(h2.Info) || h1.Info.Same(h3.Info) || h1.Info.Name != "handset" || !strings.HasPrefix(h1.Info.Checksum, "crc32c:") {
		t.Errorf("hand-set: %+v, again %+v, other set %+v", h1.Info, h2.Info, h3.Info)
	}
	if (TableInfo{Name: "x"}).Same(TableInfo{Name: "x"}) {
		t.Error("two tables without checksums are not known to be the same")
	}
	if !(TableInfo{Name: "a", Checksum: ka.Checksum()}).Same(TableInfo{Name: "b", Checksum: ka.Checksum()}) {
		t.Error("the same checksum under two names is the same table")
	}
}
