package leavetable

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/settings"
	"github.com/atril-scrabble/atril/lexicon"
)

// SPECs: the names, a KLV2 path for the tile set, and refusals that say what was expected.
func TestTableSpecs(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	if l, err := Table(None, ts); l != nil || err != nil {
		t.Errorf("none: %v %v", l, err)
	}
	if l, err := Table(Handset, ts); err != nil {
		t.Error(err)
	} else if _, ok := l.(*equity.Default); !ok {
		t.Errorf("handset is %T", l)
	}
	set, err := equity.NewLeaveSet(ts, equity.MaxLeave)
	if err != nil {
		t.Fatal(err)
	}
	values := make([]float32, set.Len())
	s, _ := ts.Tile("S")
	values[set.Index([]lexicon.Tile{s})] = 9
	dir := t.TempDir()
	path := filepath.Join(dir, "t.klv2")
	var buf bytes.Buffer
	if err := set.WriteKLV(&buf, values); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, buf.Bytes(), 0o644)
	l, err := Table(path, ts)
	if err != nil || l.LeaveValue([]lexicon.Tile{s}) != 9 {
		t.Errorf("%s: %v", path, err)
	}
	other := filepath.Join(dir, "other.klv2")
	buf.Reset()
	equity.WriteKLV(&buf, []equity.Leave{{Tiles: []lexicon.Tile{1}, Value: 1}, {Tiles: []lexicon.Tile{2}, Value: 2}})
	os.WriteFile(other, buf.Bytes(), 0o644)
	for spec, want := range map[string]string{
		other:                            "another alphabet",
		filepath.Join(dir, "none.klv2"):  "none.klv2",
		"":                               "expected builtin, handset, none",
		filepath.Join(dir, "none.klv2x"): "no such file",
	} {
		if _, err := Table(spec, ts); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error with %q", spec, err, want)
		}
	}
}

// The builtin SPEC is the embedded table, for the FISE set only.
func TestBuiltinTable(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	l, err := Table(Builtin, ts)
	if err != nil {
		t.Fatal(err)
	}
	k, ok := l.(*equity.KLV)
	if !ok || k.Len() != 1_170_590 {
		t.Fatalf("builtin: %T", l)
	}
	q, _ := ts.Tile("Q")
	if v := l.LeaveValue([]lexicon.Tile{q}); v >= 0 {
		t.Errorf("Q alone worth %.2f in the built-in table", v)
	}
	other, err := lexicon.ParseTileSet("abc", "abc.csv", strings.NewReader("?,2,0,false\nA,50,1,true\nB,48,2,false\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Table(Builtin, other); err == nil || !strings.Contains(err.Error(), "is for the fise tile set") {
		t.Errorf("builtin for another alphabet: %v", err)
	}
}

// The table in use: the default builtin, the table chosen standing in for it, a flag given
// winning over the choice, a choice that no longer opens named, and the hand-set model for a
// tile set the built-in table was not made for.
func TestInUse(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	s := settings.File{Dir: t.TempDir()}
	if tb, err := InUse(s, Builtin, false, ts); err != nil || !strings.HasPrefix(tb.Info.Name, Builtin) {
		t.Fatalf("default: %+v %v", tb.Info, err)
	}
	if spec, _, err := Choose(s, Handset, ts); err != nil || spec != Handset {
		t.Fatalf("choose handset: %q %v", spec, err)
	}
	if tb, err := InUse(s, Builtin, false, ts); err != nil || tb.Info.Name != Handset {
		t.Errorf("after choosing handset: %+v %v", tb.Info, err)
	}
	if tb, err := InUse(s, Builtin, true, ts); err != nil || !strings.HasPrefix(tb.Info.Name, Builtin) {
		t.Errorf("--leaves builtin given: %+v %v", tb.Info, err)
	}
	if tb, err := InUse(s, None, false, ts); err != nil || tb.Info.Name != None || Playing(tb) != Zero {
		t.Errorf("a command whose default is none: %+v %v", tb.Info, err)
	}
	gone := filepath.Join(t.TempDir(), "gone.klv2")
	if err := s.Set(settingKey, gone); err != nil {
		t.Fatal(err)
	}
	var ce *ChosenError
	if _, err := InUse(s, Builtin, false, ts); !errors.As(err, &ce) || ce.Spec != gone || !strings.Contains(err.Error(), "gone.klv2") {
		t.Errorf("a chosen table that is gone: %v", err)
	}
	if spec, _, err := Choose(s, Builtin, ts); err != nil || spec != Builtin {
		t.Fatalf("choose builtin: %q %v", spec, err)
	}
	if v, _ := Chosen(s); v != "" {
		t.Errorf("builtin chosen is remembered as %q, want the choice forgotten", v)
	}
	other, err := lexicon.ParseTileSet("abc", "abc.csv", strings.NewReader("?,2,0,false\nA,50,1,true\nB,48,2,false\n"))
	if err != nil {
		t.Fatal(err)
	}
	if tb, err := InUse(s, Builtin, false, other); err != nil || tb.Info.Name != Handset {
		t.Errorf("another alphabet by default: %+v %v", tb.Info, err)
	}
	if _, err := InUse(s, Builtin, true, other); err == nil {
		t.Error("--leaves builtin for another alphabet: accepted")
	}
}
