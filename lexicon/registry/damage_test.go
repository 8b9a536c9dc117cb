package registry

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/lexicon"
)

// Damage done to a lexicon stored in the data directory: every open refuses it, naming the
// lexicon, the file and what is wrong, at once (a cycle would make a walk run for ever, a tile
// past the alphabet would make every word "not valid").

// damageNode rewrites node i of a stored graph file with f(old value).
func damageNode(t *testing.T, path string, i int, f func(uint32) uint32) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint32(b[4*i:], f(binary.LittleEndian.Uint32(b[4*i:])))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// firstLetterNode is the first node of the DAWG's root list in a stored graph.
func firstLetterNode(t *testing.T, path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return int(binary.LittleEndian.Uint32(b) & (1<<22 - 1))
}

func TestDamagedLexiconsAreRefused(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	cases := []struct {
		name   string
		damage func(t *testing.T, kwg string)
		// want: what the message says with the checksum in the metadata; wantOld: without it (a
		// lexicon stored before checksums), "" when the damage leaves a graph that is safe.
		want, wantOld string
	}{
		{"one changed node", func(t *testing.T, kwg string) {
			damageNode(t, kwg, firstLetterNode(t, kwg), func(v uint32) uint32 { return v ^ 1<<23 }) // accepts flipped
		}, "the word graph changed after the lexicon was added", ""},
		{"self loop", func(t *testing.T, kwg string) {
			n := firstLetterNode(t, kwg)
			damageNode(t, kwg, n, func(v uint32) uint32 { return v&^(1<<22-1) | uint32(n) })
		}, "it has a cycle through node", "it has a cycle through node"},
		{"tile past the alphabet", func(t *testing.T, kwg string) {
			damageNode(t, kwg, firstLetterNode(t, kwg), func(v uint32) uint32 { return v&^(0xFF<<24) | 40<<24 })
		}, "has tile 40, past the last letter 28", "has tile 40, past the last letter 28"},
		{"cut short", func(t *testing.T, kwg string) {
			b, _ := os.ReadFile(kwg)
			os.WriteFile(kwg, b[:len(b)/2], 0o644)
		}, "points to node", "points to node"},
	}
	for _, tc := range cases {
		for _, withChecksum := range []bool{true, false} {
			s := testRegistry(t)
			addWords(t, s, "Mini", "CASA", "CASAS", "CHICO", "LLAMA", "PERRO")
			kwg := filepath.Join(s.Dir, "lexicons", "Mini.kwg")
			meta := filepath.Join(s.Dir, "lexicons", "Mini.json")
			if !withChecksum {
				var info map[string]any
				b, _ := os.ReadFile(meta)
				json.Unmarshal(b, &info)
				if info["checksum"] == nil {
					t.Fatal("Put recorded no checksum")
				}
				delete(info, "checksum")
				b, _ = json.Marshal(info)
				os.WriteFile(meta, b, 0o644)
			}
			tc.damage(t, kwg)
			want := tc.want
			if !withChecksum {
				want = tc.wantOld
			}
			for _, open := range []func() error{
				func() error { _, err := s.Open("mini", ts); return err },
				func() error { _, _, err := s.Load("MINI"); return err },
				func() error { _, err := s.Use("Mini"); return err },
			} {
				start := time.Now()
				err := open()
				if time.Since(start) > 5*time.Second {
					t.Errorf("%s: opening took %v", tc.name, time.Since(start))
				}
				var damaged *DamagedError
				switch {
				case want == "" && err != nil:
					t.Errorf("%s, no checksum: %v, want the (safe) graph opened", tc.name, err)
				case want != "" && (!errors.As(err, &damaged) || damaged.Name != "Mini" || !strings.Contains(err.Error(), kwg+": ") || !strings.Contains(err.Error(), want)):
					t.Errorf("%s (checksum %t): %v\nwant a damaged-lexicon error naming %s and saying %q", tc.name, withChecksum, err, kwg, want)
				}
			}
		}
	}
}

// TestPutRecordsTheChecksum: what Put stores is what opening checks.
func TestPutRecordsTheChecksum(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	addWords(t, s, "Mini", "CASA")
	info, g, err := s.Load("mini")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(info.Checksum, "crc32c:") || info.Checksum != g.Checksum() {
		t.Errorf("metadata checksum %q, graph's %q", info.Checksum, g.Checksum())
	}
	// A graph that is not valid under the alphabet is never stored.
	bad := mustGraph(t, mustWords(t, lexicon.DefaultTileSet(), "ZORRO"))
	err = s.Put(lexicon.Info{Name: "Short", Alphabet: []string{"A", "B"}}, bad, false)
	if err == nil || !strings.Contains(err.Error(), "past the last letter 2") {
		t.Errorf("Put of a graph past its alphabet: %v", err)
	}
}

// TestDamagedRemapCacheIsRebuilt: the cache of graphs renumbered for another tile set is a file
// too; a damaged one is rebuilt, never walked.
func TestDamagedRemapCacheIsRebuilt(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	addWords(t, s, "mini", "CASA", "CHICO")
	extra := tileSet(t, "?,2,0,false\nZ,1,10,false\nA,12,1,true\nC,4,3,false\nCH,1,5,false\nI,6,1,true\nO,9,1,true\nS,6,1,false\n")
	if _, err := s.Open("mini", extra); err != nil {
		t.Fatal(err)
	}
	cached, _ := filepath.Glob(filepath.Join(s.Dir, "lexicons", ".remapped", "mini-*.kwg"))
	if len(cached) != 1 {
		t.Fatalf("remap cache: %v", cached)
	}
	n := firstLetterNode(t, cached[0])
	damageNode(t, cached[0], n, func(v uint32) uint32 { return v&^(1<<22-1) | uint32(n) })
	l, err := s.Open("mini", extra)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Graph.Validate(lexicon.Tile(extra.NumLetters())); err != nil {
		t.Errorf("the damaged cache was used: %v", err)
	}
	casa, _ := extra.ParseWord("CASA")
	if !l.Contains(casa) {
		t.Error("rebuilt graph lacks CASA")
	}
}

// TestAddTellsListsFromGraphs: a word list in UTF-16 or with a NUL byte is a word list, binary
// data is refused at once (never read whole), and a graph is recognised by its root nodes.
func TestAddTellsListsFromGraphs(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	ts := lexicon.DefaultTileSet()
	utf16 := func(text string, bigEndian, bom bool) []byte {
		var b []byte
		if bom {
			if bigEndian {
				b = append(b, 0xFE, 0xFF)
			} else {
				b = append(b, 0xFF, 0xFE)
			}
		}
		for _, r := range text {
			if bigEndian {
				b = append(b, byte(r>>8), byte(r))
			} else {
				b = append(b, byte(r), byte(r>>8))
			}
		}
		return b
	}
	list := "casa\r\nca\u00f1a\r\nchico\r\n"
	for _, tc := range []struct {
		name string
		in   []byte
	}{
		{"utf16le-bom", utf16(list, false, true)},
		{"utf16le", utf16(list, false, false)},
		{"utf16be-bom", utf16(list, true, true)},
		{"utf16be", utf16(list, true, false)},
		{"decomposed", []byte("casa\ncan\u0303a\nchico\n")},
	} {
		info, problems, err := s.Add("L-"+tc.name, bytes.NewReader(tc.in), AddOptions{File: tc.name + ".txt", Tiles: ts, Strict: true})
		if err != nil || info.Words != 3 || len(problems) != 0 {
			t.Errorf("%s: %+v %v %v", tc.name, info, problems, err)
			continue
		}
		l, _ := s.Open("L-"+tc.name, ts)
		for _, w := range []string{"CASA", "CAÑA", "CHICO"} {
			if tiles, _ := ts.ParseWord(w); !l.Contains(tiles) {
				t.Errorf("%s: %s missing", tc.name, w)
			}
		}
	}
	// A NUL byte in a text list is a bad line, not a graph.
	info, problems, err := s.Add("Nul", strings.NewReader("casa\nca\x00sa\nperro\n"), AddOptions{File: "nul.txt", Tiles: ts})
	if err != nil || info.Words != 2 || len(problems) != 1 || problems[0].Line != 2 {
		t.Errorf("list with a NUL: %+v %v %v", info, problems, err)
	}
	// Binary data: refused after its first bytes.
	in := &countingZeros{}
	if _, _, err := s.Add("Zero", in, AddOptions{File: "/dev/zero"}); err == nil || !strings.Contains(err.Error(), "/dev/zero: binary data, neither a word list") {
		t.Errorf("/dev/zero: %v", err)
	}
	if in.n > 1<<20 {
		t.Errorf("read %d bytes of /dev/zero before refusing it", in.n)
	}
	// Named .kwg, it is read up to the biggest graph there can be, then refused.
	if _, _, err := s.Add("Zero", &countingZeros{}, AddOptions{File: "zero.kwg"}); err == nil || !strings.Contains(err.Error(), "zero.kwg: more than 16 MB") {
		t.Errorf("zeros named .kwg: %v", err)
	}
	// A graph from standard input, recognised by its root nodes.
	g := mustGraph(t, mustWords(t, ts, "CASA", "PERRO"))
	if info, _, err := s.Add("G", bytes.NewReader(g.Bytes()), AddOptions{File: "-"}); err != nil || info.Words != 2 {
		t.Errorf("graph on stdin: %+v %v", info, err)
	}
}

// countingZeros is /dev/zero, counting what was read.
type countingZeros struct{ n int }

func (z *countingZeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += len(p)
	return len(p), nil
}

var _ io.Reader = (*countingZeros)(nil)

// FuzzAdd: any bytes, given as a word list or as a .kwg, are either refused with an error or
// stored as a lexicon that opens again and walks in bounded time; nothing panics.
func FuzzAdd(f *testing.F) {
	ts := lexicon.DefaultTileSet()
	g, _ := lexicon.BuildKWG([][]lexicon.Tile{{1, 2}, {1, 2, 3}, {4, 1}})
	f.Add(g.Bytes(), false)
	f.Add(g.Bytes(), true)
	f.Add([]byte("casa\nca\x00sa\n"), false)
	f.Add([]byte{0xFF, 0xFE, 'c', 0, 'a', 0, 's', 0, 'a', 0}, false)
	f.Add([]byte{0, 0, 0x40, 0, 0, 0, 0x40, 0}, true)
	dir := f.TempDir()
	r := New(func(k string) string {
		if k == "ATRIL_DATA_DIR" {
			return dir
		}
		return ""
	})
	f.Fuzz(func(t *testing.T, b []byte, asKWG bool) {
		file := "-"
		if asKWG {
			file = "f.kwg"
		}
		info, _, err := r.Add("F", bytes.NewReader(b), AddOptions{File: file, Tiles: ts, Replace: true})
		if err != nil {
			return
		}
		l, err := r.Open("F", ts)
		if err != nil {
			t.Fatalf("stored but does not open: %v", err)
		}
		n := 0
		l.Graph.Walk(func([]lexicon.Tile) bool { n++; return true })
		if n != info.Words {
			t.Fatalf("walks %d words, metadata says %d", n, info.Words)
		}
	})
}

// TestOldLexiconGetsItsChecksum: a lexicon stored before checksums is validated in full once,
// then its checksum is recorded so later opens are fast.
func TestOldLexiconGetsItsChecksum(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	addWords(t, s, "Mini", "CASA", "CASAS")
	meta := filepath.Join(s.Dir, "lexicons", "Mini.json")
	var info map[string]any
	b, _ := os.ReadFile(meta)
	json.Unmarshal(b, &info)
	want := info["checksum"]
	delete(info, "checksum")
	b, _ = json.Marshal(info)
	os.WriteFile(meta, b, 0o644)
	if _, _, err := s.Load("Mini"); err != nil {
		t.Fatal(err)
	}
	b, _ = os.ReadFile(meta)
	info = nil
	json.Unmarshal(b, &info)
	if info["checksum"] != want {
		t.Errorf("after opening, checksum %v, want %v", info["checksum"], want)
	}
}
