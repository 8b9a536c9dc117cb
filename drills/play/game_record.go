package play

import (
	"bytes"
	"context"
	"time"

	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// GameRecord is a game record to analyse, read from a GCG file or from a game against atril
// in the study store.
type GameRecord struct {
	Data []byte    // the GCG text
	Game *gcg.Game // what it says
	Name string    // the file's name, or the stored game's (GameName)
	ID   int64     // the stored game's id; 0: a file
	// Player is the name the user played the stored game under; "" for a file.
	Player string
}

// ReadGameRecord reads the record of stored game id when id is not 0 (a finished game, else
// ErrNotFinished), else the GCG file file.
func ReadGameRecord(ctx context.Context, st *studystore.Store, id int64, file string, ts *lexicon.TileSet) (*GameRecord, error) {
	r := &GameRecord{Name: file, ID: id}
	var err error
	if id != 0 {
		r.Data, r.Name, r.Player, err = StoredRecord(ctx, st, id)
	} else {
		r.Data, err = fileio.ReadFile(file, gcg.MaxSize)
	}
	if err != nil {
		return nil, err
	}
	if r.Game, err = gcg.Read(bytes.NewReader(r.Data), r.Name, ts); err != nil {
		return nil, err
	}
	return r, nil
}

// SeatError is a player not found in a record: none named (Player "") or none of that name.
type SeatError struct {
	File, Player string
	Players      string // the record's players' nicks, "ana, beto"
}

func (e *SeatError) Error() string {
	return e.File + ": no player " + e.Player + " (" + e.Players + ")"
}

// Seat is the seat of player (a nick or a name, any case) in the record; player "" is the one
// the stored game was played under. A player not found gives a *SeatError.
func (r *GameRecord) Seat(player string) (int, error) {
	if player == "" {
		player = r.Player
	}
	if who := analysis.PlayerIndex(r.Game, player); player != "" && who >= 0 {
		return who, nil
	}
	return -1, &SeatError{File: r.Name, Player: player, Players: r.Game.Players[0].Nick + ", " + r.Game.Players[1].Nick}
}

// MistakePuzzles stores puzzles of the turns of the player in seat who that lost minLoss
// equity or more (MistakePuzzles); a stored game's record is first written into the games
// directory, as a file puzzle gen --resume can read again.
func (r *GameRecord) MistakePuzzles(ctx context.Context, st *studystore.Store, lex *lexicon.Lexicon, table equity.Table, who int,
	minLoss float64, now func() time.Time) (int, error) {
	file := r.Name
	if r.ID != 0 {
		var err error
		if file, err = WriteRecord(st, r.Name, r.Data); err != nil {
			return 0, err
		}
	}
	return MistakePuzzles(ctx, st, lex, table, file, r.Data, r.Game.Players[who].Nick, minLoss, now)
}
