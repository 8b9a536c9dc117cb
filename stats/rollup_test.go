package stats

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// The daily sums and question records Update keeps equal those worked out afresh from the
// answers, one by one, in the plainest way: whether the answers are summed at once in several
// parts (the first stats after an upgrade), with few histograms at a time, or a few at a time as
// they come; and questions are numbered in the order they were first answered either way.
func TestUpdateEqualsFreshSums(t *testing.T) {
	t.Parallel()
	madrid, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Skip("no time zone data")
	}
	lex := testlex.Default(t)
	lx := testLexicons{lex}
	ctx := context.Background()
	// Days around the change to summer time (29 March 2026), answers at midnight among them.
	now := time.Date(2026, 4, 20, 12, 0, 0, 0, madrid)
	const answers = 3000
	fill := func(st *studystore.Store, from, to int) {
		t.Helper()
		var words []string
		for _, w := range lex.TopByProbability(7, 40) {
			words = append(words, lex.Tiles.Notation(w))
		}
		words = append(words, "CHARRO", "LLAVE", "CASA", "AS", "ZO", "QQQ", "?ASA")
		tx, err := st.DB().Begin()
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Commit()
		for i := from; i < to; i++ {
			r := rand.New(rand.NewPCG(24, uint64(i))) // the same answer i in every store
			at := now.Add(-time.Duration(r.IntN(40*24*60)) * time.Minute)
			if i%97 == 0 {
				y, m, d := at.Date()
				at = time.Date(y, m, d, 0, 0, 0, 0, madrid)
			}
			q := words[r.IntN(len(words))]
			times := []int64{0, 99, 100, 29_999, 30_000, 31_500, 299_999, 300_000, 9_000_000, 1000 + r.Int64N(20_000)}
			ms := times[r.IntN(len(times))]
			lexName := lex.Name
			if i%31 == 0 {
				lexName = "OTRO" // not installed: no rank
			}
			var card, deck any
			drill := []string{"anagram", "judge", "twos", "build", "review", "review", "review"}[r.IntN(7)]
			if drill == "review" {
				deck = int64(1 + r.IntN(2))
				card = deck.(int64)*1000 + int64(r.IntN(len(words)))
				if i%53 == 0 {
					card, deck = nil, nil // its card deleted since
				}
			}
			if _, err := tx.Exec(`INSERT INTO answers (card_id, deck_id, drill, lexicon, question, answer, correct, time_ms, answered_at)
				VALUES (?, ?, ?, ?, ?, 'x', ?, ?, ?)`, card, deck, drill, lexName, q, r.IntN(3) > 0, ms, at.UnixMilli()); err != nil {
				t.Fatal(err)
			}
		}
	}
	open := func() *studystore.Store {
		st := openTestStore(t, now)
		db := st.DB()
		for deck, kind := range map[int64]string{1: "judge", 2: "anagram"} {
			if _, err := db.Exec(`INSERT INTO decks (id, name, lexicon, kind, scheduler, new_per_day, created_at) VALUES (?, ?, ?, ?, 'fsrs', 10, 0)`,
				deck, "deck "+kind, lex.Name, kind); err != nil {
				t.Fatal(err)
			}
			for i := range 50 {
				if _, err := db.Exec(`INSERT INTO cards (id, lexicon, kind, question, created_at) VALUES (?, ?, ?, ?, 0)`,
					deck*1000+int64(i), lex.Name, kind, fmt.Sprint("card ", deck, " ", i)); err != nil {
					t.Fatal(err)
				}
			}
		}
		return st
	}

	// All at once, in three parts, four histograms at a time.
	once := open()
	fill(once, 0, answers)
	if _, err := updateSums(ctx, once, madrid, lx, nil, sumTuning{parallel: 1, parts: 3, hot: 4}); err != nil {
		t.Fatal(err)
	}
	want := freshSums(t, once, madrid, lx)
	checkSums(t, "at once", once, want)

	// As they come, in the ways Update chooses.
	steps := open()
	for _, to := range []int{1, 10, 700, 2500, answers} {
		from, _ := steps.LastAnswerID(ctx)
		fill(steps, int(from), to)
		if _, err := Update(ctx, steps, madrid, lx, nil); err != nil {
			t.Fatal(err)
		}
	}
	checkSums(t, "as they come", steps, want)
	if got := freshSums(t, steps, madrid, lx); !slices.EqualFunc(got.questions, want.questions, func(a, b studystore.StatsQuestion) bool {
		return a.Lexicon == b.Lexicon && a.Question == b.Question && a.Kind == b.Kind && a.Answers == b.Answers
	}) {
		t.Fatal("the two stores were not given the same answers")
	}
}

type sums struct {
	days      map[dayKey]studystore.StatsDay
	times     map[dayKey]Times
	questions []studystore.StatsQuestion // in the order first answered
}

// freshSums works out the sums from every answer, one at a time.
func freshSums(t *testing.T, st *studystore.Store, loc *time.Location, lx Lexicons) sums {
	t.Helper()
	ctx := context.Background()
	as, err := st.AnswersAfter(ctx, 0, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	r := answerReader{st: st}
	if err := r.resolve(ctx, as); err != nil {
		t.Fatal(err)
	}
	s := sums{days: map[dayKey]studystore.StatsDay{}, times: map[dayKey]Times{}}
	at := map[questionKey]int{}
	for _, a := range as {
		k := questionKey{a.Lexicon, questionKind(a), a.Question}
		f := QuestionFeatures(lx.Tiles(), lx.Lexicon(a.Lexicon), k.kind, k.question)
		i, ok := at[k]
		if !ok {
			i = len(s.questions)
			at[k] = i
			s.questions = append(s.questions, studystore.StatsQuestion{Lexicon: k.lexicon, Kind: k.kind, Question: k.question,
				Tiles: f.Tiles, Digraphs: f.Digraphs, Blanks: f.Blanks, Rank: f.Rank, RankOf: f.RankOf, FirstAt: a.At, LastAt: a.At})
		}
		q := &s.questions[i]
		q.Answers++
		if a.Correct {
			q.Correct++
		}
		q.TimeMS += a.TimeMS
		if a.CardID != 0 {
			q.CardID = a.CardID
		}
		if a.At.Before(q.FirstAt) {
			q.FirstAt = a.At
		}
		if a.At.After(q.LastAt) {
			q.LastAt = a.At
		}
		day := DayNumber(a.At, loc)
		groups := [][2]string{{DimAll, DimAll}, {DimDrill, a.Drill}}
		if a.Drill == "review" {
			kind := a.CardKind
			if kind == "" {
				kind = "?"
			}
			groups = append(groups, [2]string{DimCardKind, kind})
		}
		if f.Tiles > 0 {
			dg := "no"
			if f.Digraphs > 0 {
				dg = "yes"
			}
			groups = append(groups, [2]string{DimLength, strconv.Itoa(f.Tiles)}, [2]string{DimDigraph, dg})
		}
		if b := Band(f.Rank, f.RankOf); b > 0 {
			groups = append(groups, [2]string{DimBand, strconv.Itoa(b)})
		}
		for _, g := range groups {
			dk := dayKey{day, a.Deck, g[0], g[1]}
			d := s.days[dk]
			d.Answers++
			if a.Correct {
				d.Correct++
			}
			d.TimeMS += a.TimeMS
			s.days[dk] = d
			if s.times[dk] == nil {
				s.times[dk] = Times{}
			}
			s.times[dk].Add(a.TimeMS)
		}
	}
	return s
}

// checkSums compares what the store keeps with want.
func checkSums(t *testing.T, name string, st *studystore.Store, want sums) {
	t.Helper()
	ctx := context.Background()
	days, err := st.StatsDays(ctx, studystore.StatsDaysQuery{From: -1 << 40, To: 1 << 40})
	if err != nil {
		t.Fatal(err)
	}
	if len(days) != len(want.days) {
		t.Errorf("%s: %d day sums, want %d", name, len(days), len(want.days))
	}
	for _, d := range days {
		k := dayKey{d.Day, d.Deck, d.Dim, d.Value}
		w, ok := want.days[k]
		got := Times{}
		got.Decode(d.Times)
		if !ok || d.Answers != w.Answers || d.Correct != w.Correct || d.TimeMS != w.TimeMS || !maps.Equal(got, want.times[k]) {
			t.Errorf("%s: day sum %+v: %d answers, %d right, %d ms, times %v; want %+v, times %v", name, k,
				d.Answers, d.Correct, d.TimeMS, got, w, want.times[k])
		}
	}
	qs, err := st.StatsQuestions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != len(want.questions) {
		t.Fatalf("%s: %d questions, want %d", name, len(qs), len(want.questions))
	}
	for i, q := range qs {
		w := want.questions[i]
		q.ID = 0
		if q != w {
			t.Errorf("%s: question %d: %+v, want %+v", name, i+1, q, w)
		}
	}
}
