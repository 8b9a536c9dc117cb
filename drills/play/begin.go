package play

import (
	"context"
	"time"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// Begin resumes the unfinished game played last (resume; ErrNoGame when there is none) or
// starts a new one with s, and gives the session atril's bot for the game: of its level and
// seed, with leaves and think (BotConfig).
func (se *Session) Begin(ctx context.Context, resume bool, s Settings, leaves equity.Leaves, think time.Duration) (*State, int64, error) {
	var st *State
	var id int64
	var err error
	if resume {
		st, id, err = se.Resume(ctx)
	} else {
		st, id, err = se.Start(ctx, s)
	}
	if err != nil {
		return nil, 0, err
	}
	bot, err := NewBot(BotConfig{Lexicon: se.Lex, Level: st.Settings.Level, Leaves: leaves, Think: think, Seed: st.Settings.Seed})
	if err != nil {
		return nil, 0, err
	}
	se.Bot = bot
	return st, id, nil
}

// PlayerName is the first of names that is not empty, else the catalogue's name for a player
// ("player", "jugador").
func PlayerName(p *i18n.Printer, names ...string) string {
	for _, n := range names {
		if n != "" {
			return n
		}
	}
	return p.T("play.default_name")
}
