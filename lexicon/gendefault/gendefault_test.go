package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/data/defaultlex"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/testlex/refdata"
	"github.com/atril-scrabble/atril/lexicon"
)

const srcDir = "../../data/defaultlex/source"

func generate(t *testing.T) ([]byte, lexicon.Info, Report) {
	t.Helper()
	list, err := os.ReadFile(filepath.Join(srcDir, SourceList))
	if err != nil {
		t.Fatal(err)
	}
	update, err := os.ReadFile(filepath.Join(srcDir, SourceUpdate))
	if err != nil {
		t.Fatal(err)
	}
	kwg, info, rep, err := Generate(lexicon.DefaultTileSet(), list, update)
	if err != nil {
		t.Fatal(err)
	}
	return kwg, info, rep
}

// TestShippedDefaultIsGenerated: the embedded FISE2-LIBRE.kwg and .json are exactly what the
// generator makes from the committed sources (run `go generate ./data/defaultlex` after changing
// them).
func TestShippedDefaultIsGenerated(t *testing.T) {
	t.Parallel()
	kwg, info, rep := generate(t)
	shipped := []byte(defaultlex.KWG)
	if !bytes.Equal(kwg, shipped) {
		t.Errorf("embedded %s.kwg (%d bytes) differs from the generator's output (%d bytes): run go generate ./data/defaultlex", lexicon.DefaultName, len(shipped), len(kwg))
	}
	meta, err := MetadataJSON(info)
	if err != nil {
		t.Fatal(err)
	}
	shippedMeta := []byte(defaultlex.InfoJSON)
	if !bytes.Equal(meta, shippedMeta) {
		t.Errorf("embedded %s.json differs from the generator's:\n%s\nwant\n%s", lexicon.DefaultName, shippedMeta, meta)
	}
	if rep.SourceWords != 636598 || info.Words != rep.SourceWords+len(rep.Added)-len(rep.Removed) {
		t.Errorf("source %d entries, %d words, update +%d -%d", rep.SourceWords, info.Words, len(rep.Added), len(rep.Removed))
	}
	// PROVENANCE.md states the counts; keep it honest.
	prov, err := os.ReadFile("../../data/defaultlex/PROVENANCE.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"636,598", "636,624"} {
		if !strings.Contains(string(prov), n) {
			t.Errorf("PROVENANCE.md does not state %s", n)
		}
	}
}

func gzipped(t *testing.T, s string) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(s))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGenerateSmall(t *testing.T) {
	t.Parallel()
	list := gzipped(t, `["ad", "in", "casa", "chico", "kilo", "a", "ñu", "desconstitucionalizacion"]`)
	kwg, info, rep, err := Generate(lexicon.DefaultTileSet(), list, []byte("# two\n+hu\n-in\n+1at\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"letters outside the alphabet": 1, "under 2 tiles": 1, "over 15 tiles": 1}
	if fmt.Sprint(rep.Skipped) != fmt.Sprint(want) || info.Skipped != 3 {
		t.Errorf("skipped %v (%d), want %v", rep.Skipped, info.Skipped, want)
	}
	g, err := lexicon.KWGFromBytes(kwg)
	if err != nil {
		t.Fatal(err)
	}
	ts := lexicon.DefaultTileSet()
	var got []string
	g.Walk(func(w []lexicon.Tile) bool { got = append(got, ts.Word(w)); return true })
	if w := []string{"AD", "CASA", "CHAT", "CHICO", "HU", "ÑU"}; !slices.Equal(got, w) || info.Words != len(w) {
		t.Errorf("words %v (info %d), want %v", got, info.Words, w)
	}
}

func TestGenerateRejectsBadUpdate(t *testing.T) {
	t.Parallel()
	list := gzipped(t, `["ad", "in", "casa"]`)
	for _, tc := range []struct{ update, want string }{
		{"+casa\n", "expected +word or -word of 2 or 3 tiles"},
		{"+ad\n", "already in the source list"},
		{"# c\n-hu\n", ":2: HU is not in the source list"},
		{"*ra\n", "expected +word"},
		{"+k\n", "expected +word"},
	} {
		_, _, _, err := Generate(lexicon.DefaultTileSet(), list, []byte(tc.update))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("update %q: err = %v, want %q", tc.update, err, tc.want)
		}
	}
}

// TestTwoAndThreeTileWordsAreFISE2016: the default's two- and three-tile words are exactly the
// complete lists ("TOTAL") of FISE's published 2016 update (read from ../shared when present).
func TestTwoAndThreeTileWordsAreFISE2016(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(refdata.Require(t, "data/fise2016-dos-y-tres-fichas.txt"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(raw), "\r", "")
	ts := lexicon.DefaultTileSet()
	section := func(title string) []string {
		i := strings.LastIndex(text, title)
		if i < 0 {
			t.Fatalf("section %q not in the update file", title)
		}
		body := text[i+len(title):]
		if j := regexp.MustCompile(`\n(\d\. |#)`).FindStringIndex(body); j != nil {
			body = body[:j[0]]
		}
		var out []string
		for _, f := range strings.Fields(body) {
			w, err := ts.ParseWord(f)
			if err != nil {
				t.Fatalf("%q in %s: %v", f, title, err)
			}
			out = append(out, ts.Word(w))
		}
		slices.Sort(out)
		return out
	}
	two, three := section("TOTAL DE PALABRAS DE DOS FICHAS"), section("TOTAL DE PALABRAS DE TRES FICHAS")
	if len(two) != 91 || len(three) != 548 {
		t.Fatalf("update file lists %d two-tile and %d three-tile words, want 91 and 548", len(two), len(three))
	}
	var got2, got3 []string
	testlex.Default(t).Graph.Walk(func(w []lexicon.Tile) bool {
		switch len(w) {
		case 2:
			got2 = append(got2, ts.Word(w))
		case 3:
			got3 = append(got3, ts.Word(w))
		}
		return true
	})
	slices.Sort(got2)
	slices.Sort(got3)
	if !slices.Equal(got2, two) {
		t.Errorf("two-tile words differ from FISE 2016:\n got %v\nwant %v", got2, two)
	}
	if !slices.Equal(got3, three) {
		t.Errorf("three-tile words differ from FISE 2016 (%d vs %d)", len(got3), len(three))
	}
}

// TestDistanceFromFILE2017 measures, by length, how many FILE2017 words the default lacks and
// how many it has that FILE2017 does not (the reference file is for tests only: only the counts
// are logged, for the README). It fails only if the lists are unexpectedly far apart.
func TestDistanceFromFILE2017(t *testing.T) {
	t.Parallel()
	d, err := lexicon.Diff(testlex.FILE2017(t), testlex.Default(t))
	if err != nil {
		t.Fatal(err)
	}
	var missing, extra [lexicon.MaxWordTiles + 1]int
	for _, w := range d.OnlyA {
		missing[len(w)]++
	}
	for _, w := range d.OnlyB {
		extra[len(w)]++
	}
	var tm, te int
	var sb strings.Builder
	sb.WriteString("tiles  in FILE2017 only  in FISE2-LIBRE only\n")
	for n := 2; n <= lexicon.MaxWordTiles; n++ {
		fmt.Fprintf(&sb, "%5d %17d %19d\n", n, missing[n], extra[n])
		tm += missing[n]
		te += extra[n]
	}
	fmt.Fprintf(&sb, "total %17d %19d\n", tm, te)
	t.Log("\n" + sb.String())
	if missing[2] != 0 || extra[2] != 0 {
		t.Errorf("two-tile words differ from FILE2017: %d missing, %d extra", missing[2], extra[2])
	}
	if tm > 200000 || te > 200000 {
		t.Errorf("FISE2-LIBRE is further from FILE2017 than expected: %d missing, %d extra", tm, te)
	}
}
