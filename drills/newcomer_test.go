package drills

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// A blank rack's answers show which tile the blank stands for (lower case), each rack says how
// many words it has, and on a narrow terminal the lists fold between words, never inside one.
func TestRunnerBlanksCountsAndFolding(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	qs, err := Anagram(lex, AnagramOptions{Count: 3, Seed: 1, Length: 7, MaxRank: 2000, Blanks: 1})
	if err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	for range qs {
		in.WriteString("\n\n") // give up on each: every answer is shown
	}
	var out bytes.Buffer
	term := &ui.Term{W: &out, Mode: ui.Plain, Width: 40}
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: time.Second}
	r := &Runner{In: strings.NewReader(in.String()), Out: &out, Lex: lex, Now: clock.Now, UI: term, Echo: true}
	sum, err := r.Run(context.Background(), qs)
	if err != nil || sum.Answered != 3 {
		t.Fatalf("%+v, %v", sum, err)
	}
	text := out.String()
	if !strings.Contains(strings.Join(strings.Fields(text), " "), "In the answers, the tile a blank stands for is in lower case.") {
		t.Errorf("no word on blanks:\n%s", text)
	}
	lines := strings.Split(text, "\n")
	words := map[string]bool{}
	for _, l := range lines {
		for _, f := range strings.Fields(l) {
			words[strings.Trim(f, ",")] = true
		}
	}
	for _, q := range qs {
		want := q.Ask.String() + " · " + i18n.For(i18n.English).N("drill.word_count", len(q.Words))
		if !strings.Contains(strings.Join(strings.Fields(text), " "), q.Show+" "+want) {
			t.Errorf("question %s does not say how many words it has (%q):\n%s", q.Show, want, text)
		}
		for i, w := range q.ShownWords() {
			if !words[w] {
				t.Errorf("answer %s of %s was split or lost:\n%s", w, q.Show, text)
			}
			// exactly one lower-case tile: the blank's
			tiles, err := lex.Tiles.Parse(w, lexicon.ParseOptions{LowerIsBlank: true})
			blanks := 0
			for _, tl := range tiles {
				if tl.IsBlanked() {
					blanks++
				}
			}
			if err != nil || blanks != 1 || !strings.EqualFold(lex.Tiles.Word(letters(tiles)), q.Words[i]) {
				t.Errorf("answer %q of rack %s shows %d blanks (%v)", w, q.Show, blanks, err)
			}
		}
	}
	// What the runner says after the questions (the learning cards' return, a deck made) folds too.
	out.Reset()
	long := "2 tarjetas en aprendizaje vuelven desde las 16:27 (dentro de 1 min): ejecute entonces atril review otra vez."
	if err := r.Say(long); err != nil {
		t.Fatal(err)
	}
	if strings.Join(strings.Fields(out.String()), " ") != long {
		t.Errorf("Say lost or split words: %q", out.String())
	}
	lines = append(lines, strings.Split(out.String(), "\n")...)
	for _, l := range lines {
		if xansi.StringWidth(l) > 40 {
			t.Errorf("line of %d columns on a 40-column terminal: %q", xansi.StringWidth(l), l)
		}
	}
}

// Answers of words come over several lines: the words add up, a line that cannot be read is
// asked again without losing the others, and the answer ends at an empty line or by itself once
// every word is given. A missed word is shown once, and the summary counts the words found.
func TestRunnerWordsOverSeveralLines(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	rack, _ := lex.Tiles.ParseRack("soca")
	q := anagramQuestion(lex, rack) // ASCO CAOS CASO COSA OCAS SACO
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: time.Second}
	st := openStore(t, clock.Now)
	rec, _ := StartSession(st, KindAnagram, lex.Name, 0, nil)
	in := "asco caos\nca5o\ncaso\n\n" + // three words over two lines, a typo asked again
		"asco, caos caso\ncosa ocas saco\n" // the second: every word, ending by itself
	var out bytes.Buffer
	r := &Runner{In: strings.NewReader(in), Out: &out, Lex: lex, Now: clock.Now, Recorder: rec, Echo: true}
	sum, err := r.Run(context.Background(), []Question{q, q})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Answered != 2 || sum.Right != 1 || sum.Words != 12 || sum.WordsFound != 9 || sum.Stopped != "done" {
		t.Errorf("summary %+v", sum)
	}
	text := out.String()
	for _, want := range []string{
		"2 of 6 so far: more words, or an empty line to finish",
		`cannot read "ca5o"`, "3 of 6 found (1.0 s)", "    missed:  COSA OCAS SACO\n",
		"words found: 9 of 12 (75%)", "Missed: COSA, OCAS, SACO\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "answers:") || strings.Count(text, "OCAS") != 3 { // missed once, summed once, right once
		t.Errorf("a missed word shown more than once:\n%s", text)
	}
	as := savedAnswers(t, st)
	if len(as) != 2 || as[0].Answer.Answer != "asco caos caso" || as[0].Correct || !as[1].Correct {
		t.Errorf("saved %+v", as)
	}
	if got := sum.Misses(); len(got) != 3 || got[0].Show != "COSA" || !slices.Equal(got[0].Tiles, mustWord(t, lex.Tiles, "COSA")) {
		t.Errorf("misses %+v", got)
	}
	// The summary's JSON gains the partial credit and the misses, keeping its keys.
	b, _ := json.Marshal(sum)
	for _, key := range []string{`"questions":2`, `"answered":2`, `"right":1`, `"wrong":1`, `"words":12`, `"words_found":9`, `"missed":["COSA","OCAS","SACO"]`, `"stopped":"done"`} {
		if !bytes.Contains(b, []byte(key)) {
			t.Errorf("summary JSON lacks %s: %s", key, b)
		}
	}
}

// What a drill missed goes into a deck of its MissKind: a build drill's words as anagram
// cards, a digraph drill's as judge cards with their verdicts; a deck of another kind or
// lexicon is refused.
func TestSaveMisses(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: time.Second}
	st := openStore(t, clock.Now)
	ctx := context.Background()
	ts := lex.Tiles
	misses := []Miss{{Show: "CASA", Tiles: mustWord(t, ts, "CASA")}, {Show: "SACA", Tiles: mustWord(t, ts, "SACA")},
		{Show: "ACEIRSZ (no word)"}}
	added, err := SaveMisses(ctx, st, lex, "fallos", KindBuild, misses)
	if err != nil || !added.Created || added.Deck.Kind != "anagram" || added.Added != 1 || added.Total != 1 {
		t.Fatalf("build misses: %+v, %v", added, err)
	}
	trap := []lexicon.Tile{mustWord(t, ts, "C")[0], mustWord(t, ts, "H")[0], mustWord(t, ts, "E")[0]}
	added, err = SaveMisses(ctx, st, lex, "trampas", KindDigraphs, []Miss{{Show: "C·H·E", Tiles: trap}, {Show: "CHE", Tiles: mustWord(t, ts, "CHE")}})
	if err != nil || added.Deck.Kind != "judge" || added.Added != 2 {
		t.Fatalf("digraph misses: %+v, %v", added, err)
	}
	cards, _ := st.DeckCards(ctx, added.Deck.ID)
	verdicts := map[string]bool{}
	for _, c := range cards {
		verdicts[c.Question] = c.Valid != nil && *c.Valid
	}
	if len(verdicts) != 2 || verdicts["[C]HE"] || !verdicts["[CH]E"] {
		t.Errorf("judge cards %v: want [C]HE not valid, [CH]E valid", verdicts)
	}
	if _, err := SaveMisses(ctx, st, lex, "fallos", KindHooks, misses); err == nil || !strings.Contains(err.Error(), "holds anagram cards and cannot hold hooks cards") {
		t.Errorf("misses of another kind into fallos: %v", err)
	}
	other := smallLexicon(t)
	if _, err := SaveMisses(ctx, st, other, "fallos", KindAnagram, misses); err == nil || !strings.Contains(err.Error(), "holds cards of lexicon FISE2-LIBRE, not small") {
		t.Errorf("misses under another lexicon: %v", err)
	}
}

// --ranks refuses a range that holds no rank, as a search's rank:0 does; open ranges stay.
func TestParseRanks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in       string
		from, to int
		bad      string
	}{
		{"", 0, 0, ""}, {"1-1000", 1, 1000, ""}, {"-500", 0, 500, ""}, {"500-", 500, 0, ""},
		{"0", 0, 0, "ranks start at 1"}, {"0-0", 0, 0, "ranks start at 1"}, {"-0", 0, 0, "ranks start at 1"}, {"0-10", 0, 0, "ranks start at 1"}, {"0-", 0, 0, "ranks start at 1"},
		{"9-1", 0, 0, "FROM is greater than TO"}, {"x", 0, 0, "expected N or FROM-TO"},
	} {
		from, to, err := ParseRanks(c.in)
		switch {
		case c.bad != "" && (err == nil || !strings.Contains(err.Error(), c.bad)):
			t.Errorf("ParseRanks(%q) = %d, %d, %v; want an error saying %q", c.in, from, to, err, c.bad)
		case c.bad == "" && (err != nil || from != c.from || to != c.to):
			t.Errorf("ParseRanks(%q) = %d, %d, %v; want %d, %d", c.in, from, to, err, c.from, c.to)
		}
	}
}

// Library errors speak of the thing, not of flags: the command adds its flag names.
func TestErrorsNameNoFlags(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	var errs []error
	_, _, err := ParseRanks("0-0")
	errs = append(errs, err)
	_, err = FillDeck(lex, KindAnagram, DeckSource{Search: "lenght:4"})
	errs = append(errs, err)
	_, err = FillDeck(lex, KindAnagram, DeckSource{Search: "length:15"})
	errs = append(errs, err)
	_, err = FillDeck(lex, KindAnagram, DeckSource{})
	errs = append(errs, err)
	_, err = Postpone(context.Background(), nil, time.Now(), 0, 0)
	errs = append(errs, err)
	errs = append(errs, (DeckRequest{Kind: "bingo", Scheduler: "fsrs"}).Check(), (DeckRequest{Kind: "anagram", Scheduler: "fsrs", NewPerDay: -1}).Check())
	for i, err := range errs {
		if err == nil {
			t.Errorf("case %d: no error", i)
			continue
		}
		for _, lang := range []i18n.Lang{i18n.English, i18n.Spanish} {
			if msg := i18n.For(lang).Err(err); strings.Contains(msg, "--") || strings.Contains(msg, "[[") {
				t.Errorf("case %d (%s): %q names a flag or a missing message", i, lang, msg)
			}
		}
	}
	var se *SourceError
	if _, err := FillDeck(lex, KindAnagram, DeckSource{Search: "lenght:4"}); !errors.As(err, &se) || !se.Search {
		t.Errorf("a bad search is not a SourceError of the search: %v", err)
	}
}

// Texts are written in the reader's language when shown, and in English for JSON.
func TestTextInBothLanguages(t *testing.T) {
	t.Parallel()
	tx := T("drill.note.phony", "Word", "CASA", "Edit", EditInsert.Text())
	if got := tx.String(); got != "a phony: CASA with a tile added" {
		t.Errorf("English %q", got)
	}
	if got := tx.In(i18n.For(i18n.Spanish)); got != "palabra falsa: CASA con una ficha de más" {
		t.Errorf("Spanish %q", got)
	}
	b, _ := json.Marshal(map[string]Text{"note": N("drill.word_count", 3)})
	if string(b) != `{"note":"3 words"}` {
		t.Errorf("JSON %s", b)
	}
	if !(Text{}).IsZero() || Plain("x").IsZero() || Plain("x").In(nil) != "x" {
		t.Error("zero and plain texts")
	}
}

// The summary's JSON names what was missed in plain upper case whatever the language (scripts
// read it); the player reads it with its verdict, in their language.
func TestMissedPlainInJSON(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	q := twoQuestion(lex.Tiles, mustWord(t, lex.Tiles, "CHA"), true)
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: time.Second}
	var out bytes.Buffer
	r := &Runner{In: strings.NewReader("n\n"), Out: &out, Lex: lex, Now: clock.Now, P: i18n.For(i18n.Spanish)}
	sum, err := r.Run(context.Background(), []Question{q})
	if err != nil || !slices.Equal(sum.Missed, []string{"CHA"}) || sum.Misses()[0].Show != "CH·A (válida)" ||
		!strings.Contains(out.String(), "Falladas: CH·A (válida)") {
		t.Errorf("%+v %v\n%s", sum, err, out.String())
	}
	// The verdict reads as Spanish: "CHX no es válida", never "es no válida".
	out.Reset()
	r = &Runner{In: strings.NewReader("s\nn\n"), Out: &out, Lex: lex, Now: clock.Now, P: i18n.For(i18n.Spanish)}
	no := twoQuestion(lex.Tiles, mustWord(t, lex.Tiles, "CHX"), false)
	if _, err := r.Run(context.Background(), []Question{no, q}); err != nil ||
		!strings.Contains(out.String(), "CH·X no es válida") || !strings.Contains(out.String(), "CH·A es válida") {
		t.Errorf("verdicts in Spanish: %v\n%s", err, out.String())
	}
}

// The deck offered for a drill's misses is one whatever the interface language: misses offered
// into fallos-anagramas go on into the player's missed-anagram, and the other way round; a deck
// the player names is that deck, and an offered deck of another lexicon or kind is not taken.
func TestMissDeckEitherLanguage(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: time.Second}
	st := openStore(t, clock.Now)
	ctx := context.Background()
	ts := lex.Tiles
	en, es := i18n.For(i18n.English), i18n.For(i18n.Spanish)
	if MissDeckName(en, KindAnagram) != "missed-anagram" || MissDeckName(es, KindAnagram) != "fallos-anagramas" {
		t.Fatalf("offered names %q, %q", MissDeckName(en, KindAnagram), MissDeckName(es, KindAnagram))
	}
	miss := func(w string) []Miss { return []Miss{{Show: w, Tiles: mustWord(t, ts, w)}} }
	first, err := SaveMisses(ctx, st, lex, MissDeckName(en, KindAnagram), KindAnagram, miss("CASA"))
	if err != nil || !first.Created || first.Deck.Name != "missed-anagram" {
		t.Fatalf("first misses: %+v, %v", first, err)
	}
	// The player switches to Spanish: a build drill's misses (anagram cards) are offered into
	// fallos-anagramas and go into missed-anagram.
	again, err := SaveMisses(ctx, st, lex, MissDeckName(es, KindAnagram), KindBuild, miss("PERRO"))
	if err != nil || again.Created || again.Deck.ID != first.Deck.ID || again.Added != 1 || again.Total != 2 {
		t.Fatalf("misses in Spanish: %+v, %v", again, err)
	}
	// A name the player typed is taken as it is.
	own, err := SaveMisses(ctx, st, lex, "mis-fallos", KindAnagram, miss("CASA"))
	if err != nil || !own.Created || own.Deck.Name != "mis-fallos" {
		t.Errorf("a deck of the player's: %+v, %v", own, err)
	}
	// The offered hooks deck of another lexicon is not the one to continue: a new one is made.
	other := smallLexicon(t)
	if _, err := SaveMisses(ctx, st, other, MissDeckName(es, KindHooks), KindHooks, []Miss{{Show: "CASA", Tiles: mustWord(t, other.Tiles, "CASA")}}); err != nil {
		t.Fatal(err)
	}
	h, err := SaveMisses(ctx, st, lex, MissDeckName(en, KindHooks), KindHooks, miss("CASA"))
	if err != nil || !h.Created || h.Deck.Name != "missed-hooks" {
		t.Errorf("hooks under the default lexicon: %+v, %v", h, err)
	}
	decks, _ := st.Decks(ctx)
	if len(decks) != 4 {
		t.Errorf("%d decks, want missed-anagram, mis-fallos, fallos-ganchos and missed-hooks", len(decks))
	}
}
