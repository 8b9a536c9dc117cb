package registry

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/lexicon"
)

// testRegistry is a registry in a temporary data directory.
func testRegistry(t *testing.T) *Registry {
	t.Helper()
	dir := t.TempDir()
	return New(func(k string) string {
		if k == "ATRIL_DATA_DIR" {
			return dir
		}
		return ""
	})
}

func addWords(t *testing.T, s *Registry, name string, words ...string) {
	t.Helper()
	ts := lexicon.DefaultTileSet()
	g, err := lexicon.BuildKWG(mustWords(t, ts, words...))
	if err != nil {
		t.Fatal(err)
	}
	info := lexicon.Info{Name: name, Description: "test " + name, Words: len(words), Alphabet: ts.Labels(), Added: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	if err := s.Put(info, g, false); err != nil {
		t.Fatal(err)
	}
}

func TestRegistryAddListUseOpen(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	ts := lexicon.DefaultTileSet()
	addWords(t, s, "Mini", "CASA", "CASAS", "CHICO")
	addWords(t, s, "another", "PERRO")

	list, bad, err := s.List()
	if err != nil || bad != nil {
		t.Fatal(err, bad)
	}
	var names []string
	for _, info := range list {
		names = append(names, info.Name)
	}
	if want := []string{lexicon.DefaultName, "another", "Mini"}; !slices.Equal(names, want) {
		t.Errorf("List = %v, want %v (embedded first, then by name)", names, want)
	}
	if !list[0].Embedded || list[0].Words != 636624 {
		t.Errorf("embedded entry = %+v", list[0])
	}

	// Before `use`, "" is the embedded default.
	if l, err := s.Open("", ts); err != nil || l.Name != lexicon.DefaultName {
		t.Fatalf("Open(\"\") = %v, %v; want the embedded default", l, err)
	}
	info, err := s.Use("MINI")
	if err != nil || info.Name != "Mini" {
		t.Fatalf("Use(MINI) = %v, %v", info, err)
	}
	if chosen, err := s.Chosen(); err != nil || chosen != "Mini" {
		t.Errorf("Chosen = %q, %v", chosen, err)
	}
	l, err := s.Open("", ts)
	if err != nil || l.Name != "Mini" {
		t.Fatalf("Open(\"\") after use = %v, %v", l, err)
	}
	casa, _ := ts.ParseWord("CASA")
	perro, _ := ts.ParseWord("PERRO")
	if !l.Contains(casa) || l.Contains(perro) {
		t.Error("Mini should hold CASA and not PERRO")
	}
	if l2, err := s.Open("mini", ts); err != nil || l2.Name != "Mini" {
		t.Errorf("Open(mini) = %v, %v (names ignore case)", l2, err)
	}

	// Other keys in config.json survive `use`.
	cfgPath := filepath.Join(s.Dir, "config.json")
	if err := os.WriteFile(cfgPath, []byte(`{"lexicon":"Mini","other":"kept"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Use(lexicon.DefaultName); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(cfgPath); !strings.Contains(string(b), `"other": "kept"`) || !strings.Contains(string(b), lexicon.DefaultName) {
		t.Errorf("config.json = %s", b)
	}

	// A chosen lexicon that disappeared is an error that says how to fix it.
	if _, err := s.Use("another"); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(s.Dir, "lexicons", "another.json"))
	var chosenErr *ChosenError
	if _, err := s.Open("", ts); !errors.As(err, &chosenErr) || !strings.Contains(err.Error(), "the lexicon chosen as the default") {
		t.Errorf("Open of a vanished chosen lexicon: %v", err)
	}
}

func TestRegistryAddRefusals(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	addWords(t, s, "Mini", "CASA")
	g, _ := lexicon.BuildKWG(mustWords(t, lexicon.DefaultTileSet(), "PERRO"))
	for _, tc := range []struct {
		name, want string
		replace    bool
	}{
		{"MINI", `lexicon "MINI" already exists`, false},
		{"fise2-libre", "is the embedded default's", false},
		{"../x", "use 1 to 64 letters", false},
		{"a b", "use 1 to 64 letters", false},
		{"x.kwg", "use 1 to 64 letters", false},
		{"", "use 1 to 64 letters", false},
	} {
		err := s.Put(lexicon.Info{Name: tc.name, Alphabet: lexicon.DefaultTileSet().Labels()}, g, tc.replace)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Put(%q) = %v, want %q", tc.name, err, tc.want)
		}
	}
	// Replacing under another case replaces the same lexicon.
	if err := s.Put(lexicon.Info{Name: "MINI", Alphabet: lexicon.DefaultTileSet().Labels()}, g, true); err != nil {
		t.Fatal(err)
	}
	list, _, _ := s.List()
	if len(list) != 2 || list[1].Name != "MINI" {
		t.Errorf("after replace: %v", list)
	}
	if err := (&Registry{}).Put(lexicon.Info{Name: "x"}, g, false); err == nil || !strings.Contains(err.Error(), "ATRIL_DATA_DIR") {
		t.Errorf("Add without a data directory: %v", err)
	}
}

func TestOpenPathsAndErrors(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	ts := lexicon.DefaultTileSet()
	dir := t.TempDir()
	g, _ := lexicon.BuildKWG(mustWords(t, ts, "CASA", "CHICO"))
	kwgPath := filepath.Join(dir, "Mine.KWG")
	if err := os.WriteFile(kwgPath, g.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := s.Open(kwgPath, ts)
	if err != nil || l.Name != "Mine" {
		t.Fatalf("Open(.kwg) = %v, %v", l, err)
	}
	listPath := filepath.Join(dir, "words.txt")
	os.WriteFile(listPath, []byte("casa\n"), 0o644)
	for _, tc := range []struct{ arg, want string }{
		{listPath, `lexicon "` + listPath + `": a word list, not a compiled lexicon`},
		{"NOPE", `lexicon "NOPE": not found (have: FISE2-LIBRE)`},
		{filepath.Join(dir, "missing.kwg"), "no such file"},
		{listPath + ".kwg", "no such file"},
	} {
		if _, err := s.Open(tc.arg, ts); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Open(%s) = %v, want %q", tc.arg, err, tc.want)
		}
	}
	bad := filepath.Join(dir, "bad.kwg")
	os.WriteFile(bad, []byte("not a graph"), 0o644)
	if _, err := s.Open(bad, ts); err == nil || !strings.Contains(err.Error(), "not a KWG word graph") {
		t.Errorf("Open(bad.kwg) = %v", err)
	}
}

// A word list named .kwg is not taken for a graph, and the error says what it looks like, by
// path and when added; bytes that look like nothing get no such guess.
func TestTextNamedKWG(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	ts := lexicon.DefaultTileSet()
	dir := t.TempDir()
	utf16 := func(text string, bom bool) []byte {
		var b []byte
		if bom {
			b = append(b, 0xFF, 0xFE)
		}
		for _, r := range text {
			b = append(b, byte(r), byte(r>>8))
		}
		return b
	}
	noise := make([]byte, 64)
	for i := range noise {
		noise[i] = byte(i*37 + 11) // no NUL, many control bytes
	}
	for _, tc := range []struct {
		name    string
		content []byte
		want    string
	}{
		{"text", []byte("CASA\nPERA\nLOS\n"), "it looks like a word list (text)"},
		{"utf16", utf16("CASA\nPERA\n", false), "it looks like a word list in UTF-16 text"},
		{"utf16bom", utf16("CASA\nÑU\n", true), "it looks like a word list in UTF-16 text"},
		{"latin1", []byte("CASA\n\xd1AND\xda\nPERA\n"), "it looks like a word list (text)"},
		{"noise", noise, ""},
	} {
		path := filepath.Join(dir, tc.name+".kwg")
		os.WriteFile(path, tc.content, 0o644)
		_, openErr := s.Open(path, ts)
		_, _, addErr := s.Add("x"+tc.name, bytes.NewReader(tc.content), AddOptions{File: path})
		for how, err := range map[string]error{"open": openErr, "add": addErr} {
			switch {
			case err == nil || !strings.Contains(err.Error(), "not a KWG word graph"):
				t.Errorf("%s %s: %v", how, tc.name, err)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Errorf("%s %s: %v, want %q", how, tc.name, err, tc.want)
			case tc.want == "" && strings.Contains(err.Error(), "looks like"):
				t.Errorf("%s %s: a guess for bytes that look like nothing: %v", how, tc.name, err)
			}
		}
	}
}

// TestMissingKWGIsNoWordList: a .kwg path that does not exist, or an empty file, is said to be
// missing or not a graph, never a word list to add.
func TestMissingKWGIsNoWordList(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.kwg")
	os.WriteFile(empty, nil, 0o644)
	for _, path := range []string{filepath.Join(dir, "nope.kwg"), empty} {
		_, err := s.Open(path, lexicon.DefaultTileSet())
		if err == nil || strings.Contains(err.Error(), "looks like") {
			t.Errorf("open %s: %v", path, err)
		}
	}
	_, err := s.Open(filepath.Join(dir, "nope.kwg"), lexicon.DefaultTileSet())
	if err == nil || !strings.Contains(err.Error(), "nope.kwg: no such file") {
		t.Errorf("a missing file: %v", err)
	}
}

func tileSet(t *testing.T, csv string) *lexicon.TileSet {
	t.Helper()
	ts, err := lexicon.ParseTileSet("custom", "custom.csv", strings.NewReader(csv))
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// fiseCSV is the FISE set's file with lines changed by edit.
func fiseCSV(t *testing.T, edit func(lines []string) []string) string {
	t.Helper()
	b, err := os.ReadFile("../../data/tiles/fise.csv")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(edit(strings.Split(strings.TrimSpace(string(b)), "\n")), "\n")
}

// TestOpenUnderOtherAlphabets: --tiles with another alphabet renumbers the graph; a set lacking
// a letter the lexicon uses is a clear error; a set with the same alphabet shares the graph.
func TestOpenUnderOtherAlphabets(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	def := lexicon.DefaultTileSet()
	base, err := s.Open(lexicon.DefaultName, def)
	if err != nil {
		t.Fatal(err)
	}

	// Same alphabet, other points: no rebuild.
	points := tileSet(t, fiseCSV(t, func(l []string) []string {
		for i, s := range l {
			if strings.HasPrefix(s, "Z,") {
				l[i] = "Z,1,5,false"
			}
		}
		return l
	}))
	if l, err := s.Open(lexicon.DefaultName, points); err != nil || l.Graph != base.Graph {
		t.Errorf("same alphabet: %v, rebuilt = %v", err, l == nil || l.Graph != base.Graph)
	}

	// Letters added after the lexicon's (K and W at the end): the same numbers, no rebuild.
	extra := tileSet(t, fiseCSV(t, func(l []string) []string { return append(l, "K,1,8,false", "W,1,8,false") }))
	if l, err := s.Open(lexicon.DefaultName, extra); err != nil || l.Graph != base.Graph {
		t.Errorf("letters appended: %v, rebuilt = %v", err, l == nil || l.Graph != base.Graph)
	}

	// A small lexicon, so that rebuilding is quick.
	addWords(t, s, "mini", "CASA", "CHICO", "ÑU", "CARRO", "LLAMA")
	contains := func(l *lexicon.Lexicon, spelling string) bool {
		w, err := l.Tiles.ParseWord(spelling)
		if err != nil {
			t.Fatal(err)
		}
		return l.Contains(w)
	}

	// Reversed alphabet order: every tile number changes.
	reversed := tileSet(t, fiseCSV(t, func(l []string) []string {
		var letters []string
		var rest []string
		for _, s := range l {
			if strings.HasPrefix(s, "#") || strings.HasPrefix(s, "?") {
				rest = append(rest, s)
			} else {
				letters = append(letters, s)
			}
		}
		slices.Reverse(letters)
		return append(rest, letters...)
	}))
	l, err := s.Open("mini", reversed)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"CASA", "CHICO", "ÑU", "CARRO", "LLAMA"} {
		if !contains(l, w) {
			t.Errorf("reversed alphabet: %s not found", w)
		}
	}
	if contains(l, "[C][H]ICO") || contains(l, "SACA") {
		t.Error("reversed alphabet: words not in the lexicon found")
	}
	// The renumbered graph is cached in the data directory and read back on the next open.
	cached, _ := filepath.Glob(filepath.Join(s.Dir, "lexicons", ".remapped", "mini-*.kwg"))
	if len(cached) != 1 {
		t.Fatalf("remap cache: %v", cached)
	}
	again, err := s.Open("MINI", reversed)
	if err != nil || !slices.Equal(again.Graph.Bytes(), l.Graph.Bytes()) {
		t.Errorf("reopening from the cache: %v", err)
	}
	// A .kwg given by path is renumbered but not cached.
	kwgPath := filepath.Join(t.TempDir(), "p.kwg")
	g, _ := lexicon.BuildKWG(mustWords(t, def, "CASA"))
	os.WriteFile(kwgPath, g.Bytes(), 0o644)
	if lp, err := s.Open(kwgPath, reversed); err != nil || !contains(lp, "CASA") {
		t.Errorf("path under reversed alphabet: %v", err)
	}
	if all, _ := filepath.Glob(filepath.Join(s.Dir, "lexicons", ".remapped", "*")); len(all) != 1 {
		t.Errorf("a path lexicon was cached: %v", all)
	}

	// No CH, LL or RR tiles: those words are spelled with their letters.
	noDigraphs := tileSet(t, fiseCSV(t, func(l []string) []string {
		return slices.DeleteFunc(l, func(s string) bool {
			return strings.HasPrefix(s, "CH,") || strings.HasPrefix(s, "LL,") || strings.HasPrefix(s, "RR,")
		})
	}))
	l, err = s.Open("mini", noDigraphs)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"CHICO", "CARRO", "LLAMA", "CASA"} {
		if !contains(l, w) {
			t.Errorf("no digraph tiles: %s not found", w)
		}
	}

	// No Ñ: an error naming it, not a lexicon silently missing ÑU.
	noEnye := tileSet(t, fiseCSV(t, func(l []string) []string {
		return slices.DeleteFunc(l, func(s string) bool { return strings.HasPrefix(s, "Ñ,") })
	}))
	_, err = s.Open("mini", noEnye)
	if err == nil || !strings.Contains(err.Error(), "its words use Ñ, which the tile set does not have") {
		t.Errorf("no Ñ: err = %v", err)
	}

	// A list added again invalidates its cached renumbering (its date changes).
	if err := s.Put(lexicon.Info{Name: "mini", Words: 1, Alphabet: def.Labels(), Added: time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)}, g, true); err != nil {
		t.Fatal(err)
	}
	if l3, err := s.Open("mini", reversed); err != nil || contains(l3, "CHICO") || !contains(l3, "CASA") {
		t.Errorf("after re-adding mini: stale cache used (%v)", err)
	}
}

// TestRegistryListSkipsDamagedLexicons: a damaged lexicon is named (file and what is wrong) and
// left out; the good ones are still listed and still named when a name is not found.
func TestRegistryListSkipsDamagedLexicons(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	addWords(t, s, "Good", "CASA")
	addWords(t, s, "Cut", "CASA")
	addWords(t, s, "NoGraph", "CASA")
	dir := filepath.Join(s.Dir, "lexicons")
	damage := map[string]func(){
		"Broken.json":   func() { os.WriteFile(filepath.Join(dir, "Broken.json"), []byte("{not json"), 0o644) },
		"Nameless.json": func() { os.WriteFile(filepath.Join(dir, "Nameless.json"), []byte(`{"words": 3}`), 0o644) },
		"Cut.kwg":       func() { os.WriteFile(filepath.Join(dir, "Cut.kwg"), []byte{1, 2, 3, 4, 5, 6}, 0o644) },
		"NoGraph.kwg":   func() { os.Remove(filepath.Join(dir, "NoGraph.kwg")) },
	}
	for _, f := range damage {
		f()
	}
	list, bad, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, info := range list {
		names = append(names, info.Name)
	}
	if want := []string{lexicon.DefaultName, "Good"}; !slices.Equal(names, want) {
		t.Errorf("List = %v, want %v", names, want)
	}
	var msgs []string
	for _, e := range bad {
		msgs = append(msgs, e.Error())
	}
	all := strings.Join(msgs, "\n")
	for file := range damage {
		if !strings.Contains(all, filepath.Join(dir, file)) {
			t.Errorf("no warning names %s:\n%s", file, all)
		}
	}
	if len(bad) != len(damage) {
		t.Errorf("%d warnings, want %d:\n%s", len(bad), len(damage), all)
	}
	_, _, err = s.Load("nope")
	var nf *NotFoundError
	if !errors.As(err, &nf) || !slices.Equal(nf.Have, []string{lexicon.DefaultName, "Good"}) {
		t.Errorf("not found = %v, want the good lexicons listed", err)
	}
}

// failReader fails the test if read: Add must refuse an existing name before reading its input.
type failReader struct{ t *testing.T }

func (r failReader) Read([]byte) (int, error) {
	r.t.Error("input read although the name was refused")
	return 0, io.EOF
}

func TestRegistryAddReadsListsAndGraphs(t *testing.T) {
	t.Parallel()
	s := testRegistry(t)
	ts := lexicon.DefaultTileSet()
	now := time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)
	compiled := 0
	info, problems, err := s.Add("Mini", strings.NewReader("casa\nchico\nk\n[C][H]E\nx\n"), AddOptions{
		File: "mini.txt", Source: "/abs/mini.txt", Description: "d", Tiles: ts, Now: now,
		Compiling: func(n int) { compiled = n },
	})
	if err != nil {
		t.Fatal(err)
	}
	if info.Name != "Mini" || info.Words != 3 || info.Skipped != 2 || info.Source != "/abs/mini.txt" || !info.Added.Equal(now) || compiled != 3 {
		t.Errorf("info = %+v, compiling saw %d", info, compiled)
	}
	if len(problems) != 2 || problems[0].Line != 3 || problems[1].Line != 5 || !strings.Contains(problems.Summary(5), "mini.txt:3:") {
		t.Errorf("problems = %+v", problems)
	}
	lex, err := s.Open("mini", ts)
	if err != nil || !lex.Contains(mustWords(t, ts, "[C][H]E")[0]) || lex.Contains(mustWords(t, ts, "CHE")[0]) {
		t.Fatalf("stored lexicon: %v", err)
	}

	// The stored graph added again as a .kwg (by suffix, and by its NUL bytes from stdin).
	for _, file := range []string{"copy.kwg", "-"} {
		info, problems, err := s.Add("Copy", bytes.NewReader(lex.Graph.Bytes()), AddOptions{File: file, Replace: true, Now: now})
		if err != nil || info.Words != 3 || problems != nil {
			t.Errorf("add %s: %+v %v %v", file, info, problems, err)
		}
	}

	for _, tc := range []struct {
		name, input string
		opt         AddOptions
		want        string
	}{
		{"Mini", "", AddOptions{File: "x.txt"}, `"Mini" already exists`},
		{"bad/name", "casa\n", AddOptions{File: "x.txt"}, "use 1 to 64 letters"},
		{"Strict", "casa\nk\n", AddOptions{File: "s.txt", Strict: true}, "s.txt:2:"},
		{"Empty", "# nothing\nk\n", AddOptions{File: "e.txt"}, "e.txt: no words (lines read: 2"},
		{"Graph", "not a graph", AddOptions{File: "g.kwg"}, "g.kwg: not a KWG word graph"},
		{"NoWords", string(mustGraph(t, nil).Bytes()), AddOptions{File: "n.kwg"}, "holds no words"},
	} {
		var r io.Reader = strings.NewReader(tc.input)
		if tc.name == "Mini" {
			r = failReader{t}
		}
		if _, _, err := s.Add(tc.name, r, tc.opt); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Add(%s) = %v, want %q", tc.name, err, tc.want)
		}
		if tc.name != "Mini" {
			if _, err := s.Info(tc.name); err == nil {
				t.Errorf("Add(%s) failed but stored the lexicon", tc.name)
			}
		}
	}
}

func mustWords(t testing.TB, ts *lexicon.TileSet, spellings ...string) [][]lexicon.Tile {
	t.Helper()
	var words [][]lexicon.Tile
	for _, s := range spellings {
		w, err := ts.ParseWord(s)
		if err != nil {
			t.Fatal(err)
		}
		words = append(words, w)
	}
	return words
}

func mustGraph(t *testing.T, words [][]lexicon.Tile) *lexicon.KWG {
	t.Helper()
	g, err := lexicon.BuildKWG(words)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
