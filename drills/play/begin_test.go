package play

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// Begin: nothing to resume at first; a new game stored with its bot of the game's level and
// seed; then the same game resumed, its bot made from the stored settings, not the ones given.
func TestBegin(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ctx := context.Background()
	se := &Session{Store: openStore(t, time.Now), Lex: lex, P: i18n.For(i18n.English)}
	if _, _, err := se.Begin(ctx, true, Settings{}, nil, time.Second); !errors.Is(err, ErrNoGame) || se.Bot != nil {
		t.Fatalf("nothing to resume: %v, bot %v", err, se.Bot)
	}
	s := Settings{Lexicon: lex.Name, Tiles: lex.Tiles.Name, Level: 2, Seed: 7, Player: "ana", Seat: 1}
	st, id, err := se.Begin(ctx, false, s, nil, time.Second)
	if err != nil || id == 0 || st.Settings.Level != 2 || st.Settings.Player != "ana" {
		t.Fatalf("new game %d: %+v, %v", id, st, err)
	}
	bot, ok := se.Bot.(*Bot)
	if !ok || bot.cfg.Level != 2 || bot.cfg.Seed != 7 || bot.cfg.Think != time.Second {
		t.Fatalf("bot %+v", se.Bot)
	}
	se.Bot = nil
	st2, id2, err := se.Begin(ctx, true, Settings{Level: 9}, nil, 2*time.Second)
	if err != nil || id2 != id || st2.Settings.Seed != 7 {
		t.Fatalf("resumed %d: %+v, %v", id2, st2, err)
	}
	if bot, ok := se.Bot.(*Bot); !ok || bot.cfg.Level != 2 || bot.cfg.Think != 2*time.Second {
		t.Fatalf("resumed bot %+v", se.Bot)
	}
	if _, _, err := se.Begin(ctx, false, Settings{Lexicon: lex.Name, Tiles: lex.Tiles.Name, Level: 9}, nil, time.Second); err == nil {
		t.Error("a level 9 bot made")
	}
}

func TestPlayerName(t *testing.T) {
	t.Parallel()
	en, es := i18n.For(i18n.English), i18n.For(i18n.Spanish)
	for _, tc := range []struct {
		p     *i18n.Printer
		names []string
		want  string
	}{
		{en, []string{"ana", "USER"}, "ana"},
		{en, []string{"", "beto"}, "beto"},
		{en, []string{"", ""}, "player"},
		{es, nil, "jugador"},
	} {
		if got := PlayerName(tc.p, tc.names...); got != tc.want {
			t.Errorf("PlayerName(%q) = %q, want %q", tc.names, got, tc.want)
		}
	}
}
