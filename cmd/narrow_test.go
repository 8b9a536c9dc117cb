package cmd

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// At 80 columns, both languages, with colour and without: the solution of a best-play puzzle
// checked by simulation (its top-plays table and the board's legend with the last play) and
// the stats tables fit, never cut a row's label, and name a column they leave out.
func TestNarrowTerminalNeverCuts(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	if _, errOut, code := runAtril(t, "", "puzzle", "gen", "--selfplay", "1", "--seed", "2", "--kind", "best",
		"--sim-iterations", "30", "--limit", "2", "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	seedBandAnswers(t, db, 45)
	ansi := regexp.MustCompile(`\x1b\[[0-9;]*m`)
	for _, args := range [][]string{
		{"puzzle", "answer", "1", "paso"},
		{"stats"},
	} {
		for _, lang := range []string{"en", "es"} {
			for _, env := range []map[string]string{{}, {"NO_COLOR": "1"}} {
				var out, errb bytes.Buffer
				Run(&IO{In: strings.NewReader(""), Out: &out, Err: &errb, Now: func() time.Time { return day1 },
					OutTTY: true, Width: 80, Getenv: func(k string) string { return env[k] }}, append([]string{"--db", db, "--lang", lang}, args...))
				what := strings.Join(args, " ") + " (" + lang + ", NO_COLOR=" + env["NO_COLOR"] + ")"
				plain := ansi.ReplaceAllString(out.String(), "")
				if strings.TrimSpace(plain) == "" {
					t.Fatalf("%s: nothing printed: %s", what, errb.String())
				}
				for _, line := range strings.Split(plain, "\n") {
					if w := xansi.StringWidth(line); w > 80 {
						t.Errorf("%s: a line of %d columns: %q", what, w, line)
					}
				}
				if strings.Contains(plain, "…") {
					t.Errorf("%s: something cut:\n%s", what, plain)
				}
				switch args[0] {
				case "puzzle":
					// The top plays keep their play, score and simulated figures.
					for _, want := range map[string][]string{"en": {"Play", "Sim.", "Win %"}, "es": {"Jugada", "Valoración", "victoria"}}[lang] {
						if !strings.Contains(plain, want) {
							t.Errorf("%s: no %q:\n%s", what, want, plain)
						}
					}
				case "stats":
					// Five bands told apart, and the columns left out named.
					for _, want := range map[string][]string{"en": {"band 1: 0–20%", "band 5: 80–100%", "Columns left out"},
						"es": {"franja 1: 0–20", "franja 5: 80–100", "Columnas que no caben"}}[lang] {
						if !strings.Contains(strings.Join(strings.Fields(plain), " "), strings.Join(strings.Fields(want), " ")) {
							t.Errorf("%s: no %q:\n%s", what, want, plain)
						}
					}
				}
			}
		}
	}
}

// seedBandAnswers logs days of anagram and two-tile answers on the default lexicon, ending the
// day before day1: seven-tile racks from every probability band.
func seedBandAnswers(t *testing.T, db string, days int) {
	t.Helper()
	lex := testlex.Default(t)
	q, err := lexicon.ParseSearch("length:7", lex.Tiles)
	if err != nil {
		t.Fatal(err)
	}
	sevens, err := lex.Search(q)
	if err != nil {
		t.Fatal(err)
	}
	st, err := studystore.Open(db, studystore.Options{Now: func() time.Time { return day1 },
		Sync: studystore.SyncNormal}) // a fixture: no fsync at each of its answers
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	for d := 0; d < days; d++ {
		for i := 0; i < 10; i++ {
			r := sevens[(d*7919+i*104729)%len(sevens)]
			at := day1.AddDate(0, 0, d-days).Add(time.Duration(i) * time.Minute)
			if _, err := st.RecordAnswer(ctx, studystore.Answer{Drill: "anagram", Lexicon: lex.Name, Question: lex.Tiles.Notation(r.Alphagram),
				Answer: "x", Correct: (d+i)%3 != 0, Took: time.Duration(2000+100*i) * time.Millisecond, At: at}); err != nil {
				t.Fatal(err)
			}
		}
	}
}
