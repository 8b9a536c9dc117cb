package cmd

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// TestPuzzleTagsInReadersLanguage: a puzzle's tags read in the player's language on screen (the
// puzzle and puzzle stats), JSON keeps their identifiers, and --tag takes either, any case.
func TestPuzzleTagsInReadersLanguage(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "p.db")
	out, errOut, code := runAtril(t, "", "puzzle", "gen", "--selfplay", "1", "--seed", "2", "--no-sim", "--kind", "best", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errOut)
	}
	var gen struct {
		Puzzles []struct {
			ID   int64
			Tags []string
		}
	}
	if err := json.Unmarshal([]byte(out), &gen); err != nil || len(gen.Puzzles) == 0 {
		t.Fatalf("gen JSON: %v\n%s", err, out)
	}
	tagsOf := map[string][]string{}
	for _, p := range gen.Puzzles {
		for _, tg := range p.Tags {
			if _, ok := puzzletag.Parse(tg); !ok || tg != strings.ToUpper(tg) {
				t.Errorf("puzzle %d: JSON tag %q is not an identifier", p.ID, tg)
			}
		}
		tagsOf[fmt.Sprint(p.ID)] = p.Tags
	}

	// --tag by its Spanish name, in capitals, serves a puzzle with the tag; its English name and
	// its identifier in any case name the same tag.
	out, errOut, code = runAtril(t, "", "puzzle", "next", "--json", "--tag", "SIN SCRABBLE", "--db", db)
	var next struct{ ID int64 }
	if code != 0 || json.Unmarshal([]byte(out), &next) != nil {
		t.Fatalf("next --tag \"SIN SCRABBLE\": exit %d %s %s", code, out, errOut)
	}
	if !slices.Contains(tagsOf[fmt.Sprint(next.ID)], "NON_BINGO") {
		t.Errorf("--tag \"SIN SCRABBLE\" served puzzle %d tagged %v", next.ID, tagsOf[fmt.Sprint(next.ID)])
	}
	for _, tag := range []string{"non_bingo", "Non-bingo", "sin scrabble", "NON_BINGO"} {
		if o, e, c := runAtril(t, "", "puzzle", "next", "--json", "--tag", tag, "--db", db); c != 0 || o != out {
			t.Errorf("--tag %q: exit %d, %s%s; want the same puzzle as \"SIN SCRABBLE\"", tag, c, o, e)
		}
	}
	_, errOut, code = runAtril(t, "", "puzzle", "next", "--tag", "nada", "--lang", "es", "--db", db)
	if code != 2 || !strings.Contains(errOut, "--tag nada") || !strings.Contains(errOut, "ficha de poder (POWER_TILE)") {
		t.Errorf("bad tag in Spanish: exit %d, %q", code, errOut)
	}
	_, errOut, code = runAtril(t, "", "puzzle", "gen", "--selfplay", "1", "--tag", "power tile,nada", "--db", db)
	if code != 2 || !strings.Contains(errOut, "--tag nada") || !strings.Contains(errOut, "power tile (POWER_TILE)") {
		t.Errorf("gen: bad tag in English: exit %d, %q", code, errOut)
	}

	// Solving in Spanish: the tags line lists Spanish names, never identifiers.
	out, errOut, code = runAtril(t, "!\n", "puzzle", "--count", "1", "--lang", "es", "--db", db)
	if code != 0 {
		t.Fatalf("puzzle: exit %d: %s", code, errOut)
	}
	title := strings.Fields(puzzleTitle(out)) // "Problema 14: encuentre ..."
	if len(title) < 2 {
		t.Fatalf("no puzzle title in:\n%s", out)
	}
	id := strings.TrimSuffix(title[1], ":")
	line := lineWith(out, "Etiquetas")
	es := i18n.For(i18n.Spanish)
	if len(tagsOf[id]) == 0 || line == "" {
		t.Fatalf("puzzle %s (tags %v): no tags line in:\n%s", id, tagsOf[id], out)
	}
	for _, tg := range tagsOf[id] {
		if name := puzzletag.Name(es, puzzletag.Tag(tg)); !strings.Contains(line, name) || strings.Contains(line, tg) {
			t.Errorf("tag %s: want %q, not the identifier, in %q", tg, name, line)
		}
	}

	// puzzle stats: by tag in Spanish on screen, identifiers in JSON.
	out, _, _ = runAtril(t, "", "puzzle", "stats", "--lang", "es", "--db", db)
	for _, tg := range tagsOf[id] {
		if name := puzzletag.Name(es, puzzletag.Tag(tg)); lineWith(out, name) == "" {
			t.Errorf("puzzle stats: no row %q in:\n%s", name, out)
		}
		if strings.Contains(out, tg) {
			t.Errorf("puzzle stats shows the identifier %s:\n%s", tg, out)
		}
	}
	out, _, _ = runAtril(t, "", "puzzle", "stats", "--json", "--db", db)
	var st struct {
		ByTag []struct{ Name string } `json:"by_tag"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil || len(st.ByTag) != len(tagsOf[id]) {
		t.Fatalf("stats JSON (%v): %s", err, out)
	}
	for _, r := range st.ByTag {
		if !slices.Contains(tagsOf[id], r.Name) {
			t.Errorf("stats JSON tag %q, want one of %v", r.Name, tagsOf[id])
		}
	}
}

// lineWith is the first line of s that contains sub, or "".
func lineWith(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}
