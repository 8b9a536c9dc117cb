package cmd

import (
	"context"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/stats"
)

// `atril stats` after drills: the counts per drill are the answers given, right ones counted,
// over 7, 30 and 90 days; the report is drawn in the reader's language.
func TestStatsCommand(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "study.db")
	if d, code := runDrillCmd(t, "y\nn\ny\n", "--lexicon", kwg, "--db", db, "drill", "twos", "--count", "3", "--seed", "2"); code != 0 {
		t.Fatal(d.err.String())
	}
	if d, code := runDrillCmd(t, "cosa\n", "--lexicon", kwg, "--db", db, "drill", "anagram", "--length", "4", "--count", "2"); code != 0 {
		t.Fatal(d.err.String())
	}
	d, code := runDrillCmd(t, "", "--db", db, "--json", "stats")
	if code != 0 {
		t.Fatal(d.err.String())
	}
	var r struct {
		Empty   bool
		Windows []struct {
			Days    int
			Total   struct{ Answers, Correct int }
			ByDrill []struct {
				Group   string
				Answers int
				Seconds float64
			} `json:"by_drill"`
			ByLength []struct {
				Group   string
				Answers int
			} `json:"by_length"`
		}
	}
	if err := json.Unmarshal(d.out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Empty || len(r.Windows) != 3 || r.Windows[0].Days != 7 || r.Windows[1].Days != 30 || r.Windows[2].Days != 90 {
		t.Fatalf("windows %+v", r.Windows)
	}
	w := r.Windows[0]
	if w.Total.Answers != 4 || len(w.ByDrill) != 2 || w.ByDrill[0].Group != "anagram" || w.ByDrill[0].Answers != 1 ||
		w.ByDrill[1].Answers != 3 || w.ByDrill[1].Seconds != 6 {
		t.Errorf("7-day window %+v", w)
	}
	if len(w.ByLength) == 0 {
		t.Errorf("no answers by length: %+v", w)
	}
	d, code = runDrillCmd(t, "", "--db", db, "stats")
	out := d.out.String()
	if code != 0 || !strings.Contains(out, "two-tile words  3 / 3 / 3") || !strings.Contains(out, "Last 7 days   4 answers") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	d, code = runDrillCmd(t, "", "--db", db, "--lang", "es", "stats")
	out = d.out.String()
	if code != 0 || !strings.Contains(out, "palabras de dos fichas") || !strings.Contains(out, "Últimos 7 días") || !strings.Contains(out, "\u00a0%") {
		t.Errorf("Spanish: exit %d:\n%s", code, out)
	}
}

// On a first day, before any answer, stats and its subcommands say so kindly and exit 0, and
// make no file.
func TestStatsFirstDay(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "nothing-yet")
	db := filepath.Join(dir, "atril.db")
	for _, args := range [][]string{{"stats"}, {"stats", "weak"}, {"stats", "model"}} {
		s, code := study(t, day1, "", append([]string{"--db", db}, args...)...)
		if code != 0 || !strings.Contains(s.out.String(), "first day") {
			t.Errorf("%v: exit %d\n%s%s", args, code, s.out.String(), s.err.String())
		}
		s, code = study(t, day1, "", append([]string{"--db", db, "--lang", "es"}, args...)...)
		if code != 0 || !strings.Contains(s.out.String(), "primer día") {
			t.Errorf("%v in Spanish: exit %d\n%s", args, code, s.out.String())
		}
	}
	s, code := study(t, day1, "", "--db", db, "--json", "stats")
	var r struct{ Empty bool }
	if code != 0 || json.Unmarshal(s.out.Bytes(), &r) != nil || !r.Empty {
		t.Errorf("--json: exit %d %s", code, s.out.String())
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("stats made %s", dir)
	}
	// A database with decks but no answer yet is a first day too. (deck add makes the file, not
	// a directory named in --db.)
	kwg := engineTestLexicon(t, drillTestWords...)
	os.Mkdir(dir, 0o755)
	if s, code := study(t, day1, "", "--lexicon", kwg, "--db", db, "deck", "add", "cuatro", "--search", "length:4"); code != 0 {
		t.Fatal(s.err.String())
	}
	if s, code := study(t, day1, "", "--db", db, "stats"); code != 0 || !strings.Contains(s.out.String(), "first day") {
		t.Errorf("no answers yet: exit %d\n%s", code, s.out.String())
	}
}

func TestStatsBadFlags(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"stats", "--since", "yesterday"}, "--since yesterday: expected a date as YYYY-MM-DD"},
		{[]string{"stats", "--since", "2030-01-01"}, "the day is in the future"},
		{[]string{"stats", "weak", "--limit", "0"}, "--limit 0"},
		{[]string{"stats", "weak", "--kind", "anagram"}, "give --deck-out too"},
		{[]string{"stats", "weak", "--deck-out", "x", "--kind", "build"}, "--kind build"},
	} {
		s, code := study(t, day1, "", append([]string{"--db", db}, c.args...)...)
		if code != ExitError || !strings.Contains(s.err.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, s.err.String())
		}
	}
	seedStatsAnswers(t, db, 5)
	s, code := study(t, day1, "", "--db", db, "stats", "--deck", "nope")
	if code != ExitError || !strings.Contains(s.err.String(), "deck nope: no such deck") {
		t.Errorf("unknown deck: exit %d %q", code, s.err.String())
	}
}

// seedStatsAnswers logs n days of answers to a few questions of the test lexicon, one of them (CHICO, with a
// digraph) missed more often than the others, ending the day before day1.
func seedStatsAnswers(t *testing.T, db string, days int) string {
	t.Helper()
	kwg := engineTestLexicon(t, drillTestWords...)
	st, err := studystore.Open(db, studystore.Options{Now: func() time.Time { return day1 },
		Sync: studystore.SyncNormal}) // a fixture: no fsync at each of its answers
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lexName := strings.TrimSuffix(filepath.Base(kwg), ".kwg")
	ctx := context.Background()
	words := []string{"CASA", "COSA", "ROCA", "CHICO", "CALLE", "PERRO"}
	for d := 0; d < days; d++ {
		for i, w := range words {
			for k := 0; k < 3; k++ {
				right := (d+i+k)%3 != 0
				if w == "CHICO" {
					right = (d+k)%4 == 0
				}
				at := day1.AddDate(0, 0, d-days).Add(time.Duration(i*3+k) * time.Minute)
				if _, err := st.RecordAnswer(ctx, studystore.Answer{Drill: "judge", Lexicon: lexName, Question: w,
					Answer: "y", Correct: right, Took: time.Duration(1000+700*i) * time.Millisecond, At: at}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return kwg
}

// stats weak lists CHICO first among the misses; --deck-out makes a judge deck of the weak
// words; stats model names the features.
func TestStatsWeakAndModel(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	kwg := seedStatsAnswers(t, db, 20)
	s, code := study(t, day1, "", "--db", db, "--json", "stats", "weak", "--limit", "3")
	if code != 0 {
		t.Fatal(s.err.String())
	}
	var w stats.Weak
	if err := json.Unmarshal(s.out.Bytes(), &w); err != nil {
		t.Fatal(err)
	}
	if len(w.MostMissed) != 3 || w.MostMissed[0].Question != "CHICO" || len(w.Slowest) != 3 || w.Slowest[0].Question != "PERRO" {
		t.Errorf("weak: %+v", w)
	}
	if len(w.LowestRecall) != 3 || w.Model == nil {
		t.Errorf("no recall list: %+v", w)
	}
	s, code = study(t, day1, "", "--lexicon", kwg, "--db", db, "stats", "weak", "--deck-out", "flojas")
	if code != 0 || !strings.Contains(s.out.String(), "Deck flojas (judge):") {
		t.Fatalf("deck-out: exit %d\n%s%s", code, s.out.String(), s.err.String())
	}
	s, code = study(t, day1, "", "--db", db, "--json", "deck", "list")
	if code != 0 || !strings.Contains(s.out.String(), `"flojas"`) {
		t.Errorf("deck list after --deck-out: %s", s.out.String())
	}
	s, code = study(t, day1, "", "--db", db, "stats", "model")
	if code != 0 || !strings.Contains(s.out.String(), "each CH, LL or RR tile: odds of a miss ×") {
		t.Errorf("model: exit %d\n%s%s", code, s.out.String(), s.err.String())
	}
	s, code = study(t, day1, "", "--db", db, "--lang", "es", "stats", "model")
	if code != 0 || !strings.Contains(s.out.String(), "cada ficha CH, LL o RR: probabilidad de fallo ×") || !strings.Contains(s.out.String(), "IC 95 %") {
		t.Errorf("model in Spanish: exit %d\n%s", code, s.out.String())
	}
}

// --plot writes a PNG that decodes, two panels high.
func TestStatsPlot(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	seedStatsAnswers(t, db, 10)
	file := filepath.Join(dir, "p.png")
	s, code := study(t, day1, "", "--db", db, "stats", "--plot", file)
	if code != 0 || !strings.Contains(s.out.String(), "Picture written to "+file) {
		t.Fatalf("exit %d\n%s%s", code, s.out.String(), s.err.String())
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != stats.PlotWidth || b.Dy() != 2*stats.PanelHeight {
		t.Errorf("picture %dx%d, want %dx%d", b.Dx(), b.Dy(), stats.PlotWidth, 2*stats.PanelHeight)
	}
	s, code = study(t, day1, "", "--db", db, "stats", "--plot", filepath.Join(dir, "no", "such", "dir.png"))
	if code != ExitError || !strings.Contains(s.err.String(), "cannot draw the picture") {
		t.Errorf("unwritable picture: exit %d %q", code, s.err.String())
	}
}
