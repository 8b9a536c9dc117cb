package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// What a newcomer hit with drills, decks and reviews (the Spanish-interface issue), each fixed.

// namedLexicon compiles words into a .kwg whose lexicon name is name.
func namedLexicon(t *testing.T, name string, words ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+".kwg")
	if err := os.WriteFile(path, testlex.Small(t, words...).Graph.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// After `lexicon use` the decks made under the old lexicon wait there: deck list shows each
// deck's lexicon, review names the decks waiting, and deck move carries one over with its
// schedules and answers, dropping (and naming) the cards whose answers no longer hold.
func TestDeckMoveToAnotherLexicon(t *testing.T) {
	t.Parallel()
	// "viejo" has ZZZA and ZZZAS, which "nuevo" lacks; CASQO is a phony in both.
	old := append(slices.Clone(drillTestWords), "ZZZA", "ZZZAS")
	viejo := namedLexicon(t, "viejo", old...)
	nuevo := namedLexicon(t, "nuevo", drillTestWords...)
	dir := t.TempDir()
	db := filepath.Join(dir, "atril.db")
	words := filepath.Join(dir, "w.txt")
	os.WriteFile(words, []byte("CASA\nCOSA\nZZZA\n"), 0o644)
	judge := filepath.Join(dir, "j.txt")
	os.WriteFile(judge, []byte("CASA\nCASQO\nZZZA\n"), 0o644)
	for _, args := range [][]string{
		{"--lexicon", viejo, "deck", "add", "cuatro", "--file", words, "--new-per-day", "5"},
		{"--lexicon", viejo, "deck", "add", "trampas", "--file", judge, "--kind", "judge", "--new-per-day", "5"},
	} {
		if s, code := study(t, day1, "", append([]string{"--db", db}, args...)...); code != 0 {
			t.Fatalf("%v: %d %s", args, code, s.err.String())
		}
	}
	// A review under viejo: AACS (CASA SACA) right, ACOS (COSA) partly; then the input ends.
	if s, code := study(t, day1, "casa saca\ncosa\n\n", "--lexicon", viejo, "--db", db, "review", "--deck", "cuatro"); code != 0 {
		t.Fatalf("review: %d %s", code, s.err.String())
	}

	// Under nuevo the decks wait, and say so.
	s, code := study(t, day1.Add(time.Hour), "", "--lexicon", nuevo, "--db", db, "review")
	if code != 0 || !strings.Contains(s.out.String(), "Nothing due under lexicon nuevo.") ||
		!strings.Contains(s.out.String(), "Waiting under other lexicons: decks cuatro (viejo, 2 cards), trampas (viejo, 3 cards).") {
		t.Errorf("review under nuevo: %d\n%s%s", code, s.out.String(), s.err.String())
	}
	s, _ = study(t, day1, "", "--db", db, "deck", "list")
	if !regexp.MustCompile(`cuatro +viejo +anagram`).MatchString(s.out.String()) {
		t.Errorf("deck list does not show the deck's lexicon:\n%s", s.out.String())
	}

	st := openTestStore(t, db)
	ctx := context.Background()
	before, err := st.Answers(ctx, studystore.AnswerQuery{})
	if err != nil || len(before) != 2 {
		t.Fatalf("%d answers before the move, %v", len(before), err)
	}
	deck, _ := st.DeckByName(ctx, "cuatro")
	reviewed, _ := cardIn(st, deck.ID, before[0].CardID)

	// deck move needs --lexicon, and a lexicon other than its own.
	if s, code := study(t, day1, "", "--db", db, "deck", "move", "cuatro"); code != ExitError || !strings.Contains(s.err.String(), "--lexicon NAME") {
		t.Errorf("deck move without --lexicon: %d %q", code, s.err.String())
	}
	if s, code := study(t, day1, "", "--lexicon", viejo, "--db", db, "deck", "move", "cuatro"); code != ExitError || !strings.Contains(s.err.String(), "is under lexicon viejo already") {
		t.Errorf("deck move to its own lexicon: %d %q", code, s.err.String())
	}
	s, code = study(t, day1, "", "--lexicon", nuevo, "--db", db, "deck", "move", "cuatro")
	if code != 0 || !strings.Contains(s.out.String(), "deck cuatro moved from lexicon viejo to nuevo: 2 cards kept") ||
		!strings.Contains(s.out.String(), "1 card dropped, its answer no longer holds under nuevo: AZZZ.") {
		t.Errorf("deck move cuatro: %d\n%s%s", code, s.out.String(), s.err.String())
	}
	s, code = study(t, day1, "", "--lexicon", nuevo, "--db", db, "--json", "deck", "move", "trampas")
	var moved drills.Moved
	if err := json.Unmarshal(s.out.Bytes(), &moved); code != 0 || err != nil || moved.Kept != 2 || !slices.Equal(moved.Dropped, []string{"ZZZA"}) {
		t.Errorf("deck move trampas --json: %d %+v %v %s", code, moved, err, s.err.String())
	}

	// The deck is under nuevo now; the reviewed card kept its schedule and its answers.
	deck, _ = st.DeckByName(ctx, "cuatro")
	cards, _ := st.DeckCards(ctx, deck.ID)
	if deck.Lexicon != "nuevo" || len(cards) != 2 {
		t.Fatalf("deck after the move: %+v, %d cards", deck, len(cards))
	}
	var carried studystore.DeckCard
	for _, c := range cards {
		if c.Lexicon != "nuevo" {
			t.Errorf("card %s still under %s", c.Question, c.Lexicon)
		}
		if c.Question == reviewed.Question {
			carried = c
		}
	}
	if carried.CardID == 0 || carried.CardID == reviewed.CardID || carried.State.Phase != reviewed.State.Phase ||
		!carried.State.Due.Equal(reviewed.State.Due) || carried.State.Reps != 1 {
		t.Errorf("reviewed card %+v carried as %+v", reviewed, carried)
	}
	after, _ := st.Answers(ctx, studystore.AnswerQuery{})
	if len(after) != len(before) || after[0].CardID != carried.CardID || after[0].Lexicon != "viejo" {
		t.Errorf("answers after the move: %+v; want the same answers, on the carried card, still saying viejo", after)
	}
	// Now they are reviewed under nuevo: ACOS in learning, trampas's two cards new (though
	// cuatro, listed first, has no new card left today).
	l := listDue(t, day1.AddDate(0, 0, 1), []string{"--lexicon", nuevo, "--db", db})
	if l.New != 2 || l.Reviews != 1 {
		t.Errorf("due under nuevo the next day: %+v", l)
	}
}

// deck list at 80 columns in both languages, with colour and without, and piped: every line
// fits, no Markdown marker, no colour without colour; each deck's lexicon is shown and today
// counts the new cards review shows today.
func TestDeckListReadsAt80Columns(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "atril.db")
	for _, args := range [][]string{
		{"deck", "add", "sietes-de-la-semana-de-torneo", "--search", "length:4", "--new-per-day", "7"},
		{"deck", "add", "doses", "--search", "length:2", "--kind", "twos", "--scheduler", "cardbox"},
	} {
		if s, code := study(t, day1, "", append([]string{"--lexicon", kwg, "--db", db}, args...)...); code != 0 {
			t.Fatal(s.err.String())
		}
	}
	ansi := regexp.MustCompile(`\x1b\[[0-9;]*m`)
	for _, lang := range []string{"en", "es"} {
		for _, env := range []map[string]string{{}, {"NO_COLOR": "1"}, {"PIPE": "1"}} {
			var out, errb bytes.Buffer
			code := Run(&IO{In: strings.NewReader(""), Out: &out, Err: &errb, Now: func() time.Time { return day1 },
				OutTTY: env["PIPE"] == "", Width: 80, Getenv: func(k string) string { return env[k] }},
				[]string{"--db", db, "--lang", lang, "deck", "list"})
			if code != 0 {
				t.Fatalf("%s %v: %d %s", lang, env, code, errb.String())
			}
			text := out.String()
			if (env["NO_COLOR"] != "" || env["PIPE"] != "") && ansi.MatchString(text) {
				t.Errorf("%s %v: colour:\n%q", lang, env, text)
			}
			plain := ansi.ReplaceAllString(text, "")
			for _, marker := range []string{"|", "**", "##", "--:"} {
				if strings.Contains(plain, marker) {
					t.Errorf("%s %v: Markdown marker %q:\n%s", lang, env, marker, plain)
				}
			}
			for _, line := range strings.Split(plain, "\n") {
				if w := xansi.StringWidth(line); w > 80 && env["PIPE"] == "" {
					t.Errorf("%s %v: line of %d columns: %q", lang, env, w, line)
				}
			}
			if !regexp.MustCompile(`doses +small`).MatchString(plain) {
				t.Errorf("%s %v: no lexicon for doses:\n%s", lang, env, plain)
			}
			// today: 7 new cards of the long-named deck, 20 of doses
			if !regexp.MustCompile(`(?m)^ *sietes.* +7 +0 +0 +0 +0 +0 +0$`).MatchString(plain) ||
				!regexp.MustCompile(`(?m)^ *doses +20 +0`).MatchString(plain) {
				t.Errorf("%s %v: today's new cards not counted:\n%s", lang, env, plain)
			}
			if strings.Count(plain, "sietes-de-la-semana-de-torneo") != 2 {
				t.Errorf("%s %v: a deck name cut (names are typed):\n%s", lang, env, plain)
			}
			if lang == "es" && (!strings.Contains(plain, "Mazo") || !strings.Contains(plain, "Hoy")) {
				t.Errorf("Spanish deck list:\n%s", plain)
			}
		}
	}
}

// drill --list at 80 columns: long answer lists fold between words, a word is never cut.
func TestDrillListFoldsAt80Columns(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := Run(&IO{In: strings.NewReader(""), Out: &out, Err: &errb, Now: func() time.Time { return day1 },
		OutTTY: true, Width: 80, Getenv: func(k string) string { return map[string]string{"NO_COLOR": "1"}[k] }},
		[]string{"--db", filepath.Join(t.TempDir(), "a.db"), "drill", "build", "--list", "--count", "4", "--seed", "2", "--min", "4", "--max-answers", "60"})
	if code != 0 {
		t.Fatal(errb.String())
	}
	var l drills.Listing
	var js bytes.Buffer
	if Run(&IO{In: strings.NewReader(""), Out: &js, Err: &errb, Now: func() time.Time { return day1 }},
		[]string{"--json", "drill", "build", "--list", "--count", "4", "--seed", "2", "--min", "4", "--max-answers", "60"}) != 0 {
		t.Fatal(errb.String())
	}
	if err := json.Unmarshal(js.Bytes(), &l); err != nil {
		t.Fatal(err)
	}
	fields := map[string]bool{}
	for _, line := range strings.Split(out.String(), "\n") {
		if w := xansi.StringWidth(line); w > 80 {
			t.Errorf("line of %d columns: %q", w, line)
		}
		for _, f := range strings.Fields(line) {
			fields[f] = true
		}
	}
	long := false
	for _, q := range l.Questions {
		long = long || len(strings.Join(*q.Answers, " ")) > 70
		for _, w := range *q.Answers {
			if !fields[w] {
				t.Errorf("answer %s of %s is not whole on any line:\n%s", w, q.Question, out.String())
			}
		}
	}
	if !long {
		t.Error("no answer list longer than a line: the test proves nothing")
	}
}

// The end of every drill: the words missed, once each; --deck-out puts them in a deck (made
// of the drill's kind of card) without asking; else the player is offered a deck and answers
// in either language; and what is due next is said.
func TestDrillMissesGoToADeck(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "atril.db")
	base := []string{"--lexicon", kwg, "--db", db}
	// ACOS's six words: two given (partial credit), then an empty line; ACOR's five: none
	// given (two empty lines).
	deckArgs := []string{"drill", "anagram", "--deck", "cuatros", "--seed", "1"}
	st := openTestStore(t, db)
	ctx := context.Background()
	id, _ := st.CreateDeck(ctx, studystore.Deck{Name: "cuatros", Lexicon: "small", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 5})
	st.AddCards(ctx, id, "small", "anagram", studystore.Cards("ACOS", "ACOR"))
	d, code := runDrillCmd(t, "", append(append(base, deckArgs...), "--list", "--json")...)
	var l drills.Listing
	if code != 0 || json.Unmarshal(d.out.Bytes(), &l) != nil {
		t.Fatalf("%d %s", code, d.err.String())
	}
	var in strings.Builder
	for _, q := range l.Questions {
		if q.Question == "ACOS" {
			in.WriteString("cosa\ncaos\n\n")
		} else {
			in.WriteString("\n\n")
		}
	}
	d, code = runDrillCmd(t, in.String(), append(append(base, deckArgs...), "--deck-out", "fallos")...)
	out := d.out.String()
	for _, want := range []string{
		"ACOS  every word of 4 tiles · 6 words", "ACOR  every word of 4 tiles · 5 words",
		"1 of 6 so far: more words, or an empty line to finish",
		"2 of 6 found (2.0 s)", "    missed:  ASCO CASO OCAS SACO\n",
		"No word yet: another empty line gives up; or type the words.",
		"    answers: ARCO CARO CORA ORCA ROCA\n",
		"words found: 2 of 11 (18%)",
		"Missed: ASCO, CASO, OCAS, SACO, ARCO, CARO, CORA, ORCA, ROCA\n",
		"deck fallos created: 2 anagram cards from 9 words; 2 cards in all, 20 new a day (FSRS)",
		"Due for review now: 0 reviews and 4 new cards (atril review).", // cuatros' 2 and fallos' 2
	} {
		if !strings.Contains(out, want) {
			t.Errorf("drill output lacks %q:\n%s", want, out)
		}
	}
	if code != 0 || strings.Contains(out, "Put the") {
		t.Errorf("--deck-out: exit %d, or asked anyway:\n%s", code, out)
	}
	// Offered, the count is of the cards the deck would get (one a rack), not of the words.
	d, code = runDrillCmd(t, "\n\n\n\nn\n", append(append(base, deckArgs...), "--lang", "es")...)
	if want := "¿Guardar las 2 tarjetas falladas en el mazo fallos-anagramas"; code != 0 || !strings.Contains(d.out.String(), want) {
		t.Errorf("offer: exit %d, lacks %q:\n%s", code, want, d.out.String())
	}
	fallos, err := st.DeckByName(ctx, "fallos")
	if err != nil || fallos.Kind != "anagram" || fallos.Cards != 2 {
		t.Errorf("deck fallos %+v, %v", fallos, err)
	}

	// A judge drill, the offer answered "s": the missed words and phonies go to the default
	// deck of judge cards, each with its verdict; "no" and the end of input put nothing.
	args := append(slices.Clone(base), "drill", "judge", "--length", "4-5", "--count", "6", "--racks", "0", "--seed", "4")
	d, code = runDrillCmd(t, "", append(args, "--list", "--json")...)
	if code != 0 || json.Unmarshal(d.out.Bytes(), &l) != nil {
		t.Fatal(d.err.String())
	}
	var wrong strings.Builder
	for _, q := range l.Questions {
		wrong.WriteString(map[bool]string{true: "n", false: "sí"}[*q.Valid] + "\n")
	}
	for _, tc := range []struct {
		answer string
		deck   string
	}{{"no\n", ""}, {"", ""}, {"sí\n", "missed-judge"}, {"otro mazo\nrepaso\n", "repaso"}} {
		d, code = runDrillCmd(t, wrong.String()+tc.answer, args...)
		if code != 0 || !strings.Contains(d.out.String(), "Put the 6 missed cards in deck missed-judge for review? (y, n, or another deck's name; Enter: n)") {
			t.Fatalf("offer: %d\n%s%s", code, d.out.String(), d.err.String())
		}
		if tc.deck == "" {
			continue
		}
		dk, err := st.DeckByName(ctx, tc.deck)
		if err != nil || dk.Kind != "judge" || dk.Cards != 6 {
			t.Errorf("answer %q: deck %+v, %v", tc.answer, dk, err)
		}
		cards, _ := st.DeckCards(ctx, dk.ID)
		for _, c := range cards {
			valid := slices.ContainsFunc(l.Questions, func(q drills.ListedItem) bool { return q.Card == c.Question && *q.Valid })
			if c.Valid == nil || *c.Valid != valid {
				t.Errorf("deck %s card %s: valid %v, want %v", tc.deck, c.Question, c.Valid, valid)
			}
		}
	}
	if strings.Contains(d.out.String(), "otro mazo") && !strings.Contains(d.out.String(), "A deck's name is one word") {
		t.Errorf("a name with a space was taken:\n%s", d.out.String())
	}
	if decks, _ := st.Decks(ctx); len(decks) != 4 {
		t.Errorf("%d decks, want cuatros, fallos, missed-judge and repaso", len(decks))
	}
}

// review on a first day, before anything was studied: a kind word and exit 0, no file made.
func TestReviewFirstDay(t *testing.T) {
	t.Parallel()
	data := filepath.Join(t.TempDir(), "data")
	for _, lang := range []string{"en", "es"} {
		var out, errb bytes.Buffer
		code := Run(&IO{In: strings.NewReader(""), Out: &out, Err: &errb, Now: func() time.Time { return day1 },
			Getenv: func(k string) string { return map[string]string{"ATRIL_DATA_DIR": data}[k] }},
			[]string{"--lang", lang, "review"})
		want := map[string]string{"en": "Nothing to review yet", "es": "Aún no hay nada que repasar"}[lang]
		if code != 0 || !strings.Contains(out.String(), want) || errb.Len() > 0 {
			t.Errorf("%s: exit %d, out %q, err %q", lang, code, out.String(), errb.String())
		}
	}
	if _, err := os.Stat(data); !os.IsNotExist(err) {
		t.Errorf("review made %s", data)
	}
	// A database with drills only: no decks yet, said kindly too.
	db := filepath.Join(t.TempDir(), "atril.db")
	if d, code := runDrillCmd(t, "y\n", "--db", db, "drill", "twos", "--count", "1", "--seed", "1"); code != 0 {
		t.Fatal(d.err.String())
	}
	s, code := study(t, day1, "", "--db", db, "--lang", "es", "review")
	if code != 0 || !strings.Contains(s.out.String(), "Aún no hay mazos, así que no hay nada que repasar") {
		t.Errorf("review with no decks: %d %q %s", code, s.out.String(), s.err.String())
	}
}

// A card is spelt the same wherever it shows: review --list spells it as review asks it (a
// two's tiles apart, CH·A, O·LL, C·H), never in the stored notation ([CH]A, O[LL], [C]H).
func TestCardsSpeltAsAsked(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	dir := t.TempDir()
	db := filepath.Join(dir, "atril.db")
	base := []string{"--lexicon", kwg, "--db", db}
	// CHA and OLL (an O and the LL tile) read back as spelt; [C]H is a C tile and an H tile.
	file := filepath.Join(dir, "dos.txt")
	os.WriteFile(file, []byte("CHA\nO[LL]\n[C]H\n"), 0o644)
	if s, code := study(t, day1, "", append(base, "deck", "add", "dos", "--file", file, "--kind", "twos")...); code != 0 {
		t.Fatal(s.err.String())
	}
	s, code := study(t, day1, "", append(base, "review", "--list")...)
	list := s.out.String()
	for _, c := range []string{"CH·A", "O·LL", "C·H"} {
		if !regexp.MustCompile(`(?m)^dos +twos +` + regexp.QuoteMeta(c) + ` +new`).MatchString(list) {
			t.Errorf("review --list does not spell %s as review asks it:\n%s", c, list)
		}
	}
	if code != 0 || strings.Contains(list, "[") {
		t.Errorf("review --list: %d\n%s", code, list)
	}
	r, _ := study(t, day1, "y\nn\nn\n", append(base, "review")...)
	for _, c := range []string{"CH·A", "O·LL", "C·H"} {
		if !regexp.MustCompile(`(?m)^\d+/\d+ ` + regexp.QuoteMeta(c) + `  `).MatchString(r.out.String()) {
			t.Errorf("review does not ask %s as listed:\n%s", c, r.out.String())
		}
	}
}

// A cardbox deck's overdue cards are postponed in order of the FSRS-6 forgetting curve with
// the interval as stability (srs.ForgettingCurve), the most forgotten first; ties by how
// overdue.
func TestReviewPostponeCardbox(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "atril.db")
	base := []string{"--lexicon", kwg, "--db", db}
	if s, code := study(t, day1, "", append(base, "deck", "add", "dos", "--search", "length:2", "--kind", "twos", "--scheduler", "cardbox", "--new-per-day", "5")...); code != 0 {
		t.Fatal(s.err.String())
	}
	st := openTestStore(t, db)
	ctx := context.Background()
	cards, err := st.Due(ctx, studystore.DueQuery{Now: day1, DayStart: day1, DayEnd: day1.Add(time.Hour)})
	if err != nil || len(cards) != 5 {
		t.Fatalf("due: %d %v", len(cards), err)
	}
	// boxes with intervals 1, 4, 7, 12 and 20 days, all last reviewed on day 1; the first two
	// with the same interval, one of them reviewed a day earlier
	intervals := []int{4, 4, 1, 20, 12}
	reviewed := []time.Time{day1, day1.AddDate(0, 0, -1), day1, day1, day1}
	for i, c := range cards {
		after := srs.State{Phase: srs.Review, Box: i + 1, Reps: 1, LastReview: reviewed[i],
			Due: reviewed[i].AddDate(0, 0, intervals[i]), ScheduledDays: intervals[i]}
		if _, err := st.RecordReview(ctx, studystore.Answer{DeckID: c.DeckID, CardID: c.CardID, Drill: "review", Lexicon: "small",
			Question: c.Question, Correct: true, Before: &c.State, After: &after, At: day1}); err != nil {
			t.Fatal(err)
		}
	}
	later := day1.AddDate(0, 1, 0)
	s, code := study(t, later, "", append(base, "review", "postpone", "--days", "5", "--json")...)
	var moved []struct {
		Question string  `json:"question"`
		Urgency  float64 `json:"urgency"`
	}
	if err := json.Unmarshal(s.out.Bytes(), &moved); code != 0 || err != nil || len(moved) != 5 {
		t.Fatalf("postpone: %d %v %s", code, err, s.err.String())
	}
	// 1 day: forgotten most; then the 4-day cards, the one overdue longer first; 12; 20.
	order := []int{2, 1, 0, 4, 3}
	for k, i := range order {
		elapsed := later.Add(2*time.Second).Sub(reviewed[i]).Hours() / 24
		want := srs.ForgettingCurve(elapsed, float64(intervals[i]))
		if moved[k].Question != cards[i].Question || moved[k].Urgency-want > 1e-6 || want-moved[k].Urgency > 1e-6 {
			t.Errorf("moved[%d] = %s urgency %.6f, want %s %.6f", k, moved[k].Question, moved[k].Urgency, cards[i].Question, want)
		}
	}
}

// What a Spanish player sees: the drill, its feedback and summary, the offer answered "sí",
// and review's feedback saying when the card comes back, all in Spanish.
func TestStudyInSpanish(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "atril.db")
	base := []string{"--lexicon", kwg, "--db", db, "--lang", "es"}
	d, code := runDrillCmd(t, "cosa caos\n\nsí\n", append(base, "drill", "anagram", "--deck", "x")...)
	if code != ExitError || !strings.Contains(d.err.String(), "no hay ningún mazo llamado x") {
		t.Errorf("Spanish error: %d %q", code, d.err.String())
	}
	if s, code := study(t, day1, "", append(base, "deck", "add", "cuatros", "--file", "/dev/zero")...); code != ExitError ||
		!strings.Contains(s.err.String(), "/dev/zero es un dispositivo (como /dev/null), no un archivo normal") {
		t.Errorf("deck add /dev/zero in Spanish: %d %q", code, s.err.String())
	}
	d, code = runDrillCmd(t, "cosa caos\n\nsí\n", append(base, "drill", "anagram", "--length", "4", "--ranks", "1-30", "--count", "1", "--seed", "9")...)
	if code != 0 {
		t.Errorf("Spanish drill: exit %d %s", code, d.err.String())
	}
	out := d.out.String()
	for _, want := range []string{
		"ejercicio de anagramas · léxico small · semilla 9",
		"1 pregunta. Escriba las palabras, en una línea o en varias",
		"todas las palabras de 4 fichas · ",
		"Resumen: 1 de 1 respondidas, ",
		"¿Guardar la tarjeta fallada en el mazo fallos-anagramas para repasarla? (s, n o el nombre de otro mazo; Intro: n)",
		"mazo fallos-anagramas creado: 1 tarjeta de anagramas de ",
		"Pendiente de repaso ahora: 0 repasos y 1 tarjeta nueva (atril review).",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("Spanish drill lacks %q:\n%s", want, out)
		}
	}
	// The input's end before the learning step's timer, as with a real timer of a minute (with
	// study's, which fires at once, the step was sometimes asked again first).
	s, code := studyInputFirst(t, day1, "\n\n", append(base, "review")...)
	for _, want := range []string{"repaso · léxico small", "Ninguna palabra aún", "otra vez · vuelve dentro de 1 min", "su paso de aprendizaje vence dentro de 58 s; esperando", "Resumen (fin de la entrada): 1 de 1 respondidas, 0 bien, 1 mal, 0\u00a0%"} {
		if !strings.Contains(s.out.String(), want) {
			t.Errorf("Spanish review lacks %q:\n%s", want, s.out.String())
		}
	}
	if code != 0 {
		t.Errorf("review: %d %s", code, s.err.String())
	}
}

// A card answered good in its learning step goes to the 10-minute step: not asked again in the
// same short session, whose end says when it comes back.
func TestReviewGoodInLearningComesBackLater(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "atril.db")
	base := []string{"--lexicon", kwg, "--db", db}
	words := filepath.Join(t.TempDir(), "w.txt")
	os.WriteFile(words, []byte("YA\n"), 0o644)
	if s, code := study(t, day1, "", append(base, "deck", "add", "uno", "--file", words, "--kind", "twos")...); code != 0 {
		t.Fatal(s.err.String())
	}
	s, code := study(t, day1, "y\n3\ny\n", append(base, "review", "--grade", "ask")...)
	out := s.out.String()
	if code != 0 || !strings.Contains(out, "good · back in 10 min") || strings.Contains(out, "again YA") ||
		!regexp.MustCompile(`1 card in learning comes back at 09:10 \(in 10 min\): run atril review again then\.`).MatchString(out) {
		t.Errorf("exit %d:\n%s%s", code, out, s.err.String())
	}
	if !strings.Contains(out, "Summary: 1 of 1 answered") {
		t.Errorf("the card was asked again in the same session:\n%s", out)
	}
}
