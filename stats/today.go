package stats

import (
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
)

// Today is the day's plan, for `atril today`.
type Today struct {
	Date  string `json:"date"`
	Empty bool   `json:"empty"` // no answer logged yet: the first day
	// Reviews due today (learning steps due now among them) and new cards the daily limits let
	// in, across decks and per deck, as drills.StillDue counts them for review's closing lines.
	Reviews int `json:"reviews"`
	New     int `json:"new"`
	// Learning: cards in learning steps not due yet but due within drills.LearningSoon.
	Learning int         `json:"learning"`
	Decks    []TodayDeck `json:"decks"`
	// Puzzles near the player's puzzle rating, when the puzzle tables have some.
	Rating  *studystore.StoredRating `json:"puzzle_rating,omitempty"`
	Puzzles []PuzzleSuggestion       `json:"puzzles,omitempty"`
	// Tournament is the next tournament set with `atril forecast --set-date`.
	Tournament *TodayTournament `json:"tournament,omitempty"`
	Yesterday  DaySummary       `json:"yesterday"`
	// Game is the unfinished game against atril played last (atril play --resume).
	Game *TodayGame `json:"unfinished_game,omitempty"`
}

// TodayGame is an unfinished game against atril.
type TodayGame struct {
	ID     int64 `json:"id"`
	Turns  int   `json:"turns"`
	Player int   `json:"player_score"`
	Atril  int   `json:"atril_score"`
}

// TodayDeck is one deck's share of the day.
type TodayDeck struct {
	Deck     string `json:"deck"`
	Reviews  int    `json:"reviews"`
	New      int    `json:"new"`
	Learning int    `json:"learning"`
}

// PuzzleSuggestion is a puzzle to try today.
type PuzzleSuggestion struct {
	ID     string  `json:"id"`
	Rating float64 `json:"rating"`
	Tags   string  `json:"tags,omitempty"`
}

// TodayTournament counts down to a tournament.
type TodayTournament struct {
	Date string `json:"date"`
	Days int    `json:"days"`
	Deck string `json:"deck,omitempty"`
	// Share is the forecast share of the deck's cards recalled on the day (as `atril forecast`).
	Share float64 `json:"expected_share"`
}

// DaySummary is one day's answers.
type DaySummary struct {
	Date     string  `json:"date"`
	Answers  int     `json:"answers"`
	Correct  int     `json:"correct"`
	Accuracy float64 `json:"accuracy"`
	Low      float64 `json:"accuracy_low"`
	High     float64 `json:"accuracy_high"`
	Minutes  float64 `json:"minutes"`
}

// DefaultPuzzleRating is a player's puzzle rating before the first rated attempt (Glicko-2's
// usual start).
const DefaultPuzzleRating = 1500.0

// PlanToday gathers the day's plan.
func PlanToday(ctx context.Context, st *studystore.Store, now time.Time, loc *time.Location) (Today, error) {
	if loc == nil {
		loc = time.Local
	}
	today := DayNumber(now, loc)
	t := Today{Date: DayDate(today, loc).Format(time.DateOnly), Decks: []TodayDeck{}}
	last, err := st.LastAnswerID(ctx)
	if err != nil {
		return t, err
	}
	t.Empty = last == 0
	decks, err := st.Decks(ctx)
	if err != nil {
		return t, err
	}
	now = now.In(loc)
	for _, d := range decks {
		// The split review's closing lines and the web's "Review now" use: a learning step due
		// now is among the reviews (a review asks it now); Learning is the steps due later,
		// within drills.LearningSoon.
		left, err := drills.StillDue(ctx, st, now, d.ID, "")
		if err != nil {
			return t, err
		}
		reviews, fresh, learning := left.Reviews, left.New, left.Learning
		if reviews+fresh+learning == 0 {
			continue
		}
		t.Decks = append(t.Decks, TodayDeck{Deck: d.Name, Reviews: reviews, New: fresh, Learning: learning})
		t.Reviews += reviews
		t.New += fresh
		t.Learning += learning
	}
	if r, ok, err := st.RatingOf(ctx, studystore.PuzzleRatingKind); err != nil {
		return t, err
	} else if ok {
		t.Rating = &r
	}
	// A few puzzles never tried, nearest the player's rating (1500 before the first), when the
	// database has puzzles.
	rating := DefaultPuzzleRating
	if t.Rating != nil {
		rating = t.Rating.Rating
	}
	near, err := st.PuzzlesNear(ctx, rating, 3)
	if err != nil {
		return t, err
	}
	for _, p := range near {
		t.Puzzles = append(t.Puzzles, PuzzleSuggestion{ID: strconv.FormatInt(p.ID, 10), Rating: p.Rating, Tags: strings.Join(p.Tags, " ")})
	}
	if tn, ok, err := st.NextTournament(ctx, t.Date); err != nil {
		return t, err
	} else if ok {
		date, _ := time.ParseInLocation(time.DateOnly, tn.Date, loc)
		tt := &TodayTournament{Date: tn.Date, Days: int(DayNumber(date, loc) - today)}
		for _, d := range decks {
			if d.ID == tn.DeckID {
				tt.Deck = d.Name
			}
		}
		f, err := MakeForecast(ctx, st, ForecastOptions{Now: now, Loc: loc, Date: date, DeckID: tn.DeckID})
		if err != nil {
			return t, err
		}
		tt.Share = f.Share
		t.Tournament = tt
	}
	if g, err := st.LastUnfinishedGame(ctx); err == nil {
		t.Game = &TodayGame{ID: g.ID, Turns: g.Turns, Player: g.PlayerScore, Atril: g.EngineScore}
	} else if !errors.Is(err, studystore.ErrNoGame) {
		return t, err
	}
	yStart := DayDate(today-1, loc)
	sum, err := st.SumAnswers(ctx, yStart, DayDate(today, loc))
	if err != nil {
		return t, err
	}
	y := DaySummary{Date: yStart.Format(time.DateOnly), Answers: sum.Answers, Correct: sum.Correct, Minutes: sum.Time.Minutes()}
	if y.Answers > 0 {
		y.Accuracy = float64(y.Correct) / float64(y.Answers)
	}
	y.Low, y.High = interval.Wilson(float64(y.Correct), float64(y.Answers))
	t.Yesterday = y
	return t, nil
}

// Doc draws the day's plan.
func (t Today) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc().H1(p.T("today.title", "Date", isoDate(p, t.Date)))
	if t.Empty {
		d.P(p.T("today.first_day"))
	}
	var kv [][2]string
	if t.Reviews+t.New == 0 {
		kv = append(kv, [2]string{p.T("today.study"), p.T("today.nothing_due")})
	} else {
		kv = append(kv, [2]string{p.T("today.study"), p.T("today.due", "Reviews", p.N("today.count.reviews", t.Reviews),
			"New", p.N("today.count.new", t.New))})
	}
	if t.Learning > 0 {
		kv = append(kv, [2]string{p.T("today.learning"), p.N("today.learning_value", t.Learning, "Minutes", int(drills.LearningSoon.Minutes()))})
	}
	if t.Tournament != nil {
		tt := t.Tournament
		text := p.T("today.tournament_value", "Date", isoDate(p, tt.Date), "Days", p.N("forecast.count.days", tt.Days), "Share", p.Percent(tt.Share, 0))
		if tt.Days == 0 {
			text = p.T("today.tournament_today", "Share", p.Percent(tt.Share, 0))
		}
		kv = append(kv, [2]string{p.T("today.tournament"), text})
	}
	if g := t.Game; g != nil {
		kv = append(kv, [2]string{p.T("today.game.label"), p.T("today.game.value", "ID", g.ID, "You", p.Int(g.Player),
			"Atril", p.Int(g.Atril), "Turns", g.Turns)})
	}
	if t.Rating != nil {
		kv = append(kv, [2]string{p.T("today.puzzle_rating"), p.Int(int(math.Round(t.Rating.Rating)))})
	}
	if t.Yesterday.Answers > 0 {
		y := t.Yesterday
		kv = append(kv, [2]string{p.T("today.yesterday"), p.T("today.yesterday_value",
			"Answers", p.N("stats.count.answers", y.Answers),
			"Accuracy", accuracy(p, Row{Answers: y.Answers, Accuracy: y.Accuracy, AccuracyLow: y.Low, AccuracyHigh: y.High}),
			"Minutes", p.Float(y.Minutes, 0))})
	} else if !t.Empty {
		kv = append(kv, [2]string{p.T("today.yesterday"), p.T("today.yesterday_none")})
	}
	d.KV(kv...)
	if len(t.Decks) > 1 {
		tb := ui.NewTable(ui.Col{Header: p.T("today.col.deck"), Shrink: true}, ui.Col{Header: p.T("today.col.reviews"), Right: true},
			ui.Col{Header: p.T("today.col.new"), Right: true})
		for _, dk := range t.Decks {
			tb.Row(i18n.Escape(dk.Deck), p.Int(dk.Reviews), p.Int(dk.New))
		}
		d.Table(tb)
	}
	if len(t.Puzzles) > 0 {
		var items []string
		for _, pz := range t.Puzzles {
			items = append(items, p.T("today.puzzle", "ID", pz.ID, "Rating", p.Int(int(math.Round(pz.Rating)))))
		}
		d.H2(p.T("today.puzzles"))
		d.List(items...)
	}
	switch {
	case t.Reviews+t.New > 0: // steps not due yet: the learning line says when they come back
		d.Note(p.T("today.hint_review"))
	case t.Empty:
		d.Note(p.T("today.hint_start"))
	}
	return d
}
