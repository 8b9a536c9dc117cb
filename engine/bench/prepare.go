package bench

import (
	"os"
	"slices"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// Setup is what a run is asked to measure, before its positions are read or made.
type Setup struct {
	Lexicon *lexicon.Lexicon
	Leaves  equity.Leaves // nil: the hand-set model
	// File is a file of positions (ReadPositionsFile); "": the built-in set of Count
	// positions from Seed (Builtin).
	File    string
	Count   int
	Seed    uint64
	Figures []Figure // nil: every figure but the endgame one
	// Magpie and Macondo are the drivers of those engines, "" for none.
	Magpie, Macondo string
}

// BuiltinError is a built-in set of positions that could not be made: atril's fault, not the
// input's.
type BuiltinError struct{ Err error }

func (e *BuiltinError) Error() string { return e.Err.Error() }
func (e *BuiltinError) Unwrap() error { return e.Err }

// Prepare reads or makes the positions a run measures and returns its Config (Runs, Seconds
// and Progress left to the caller), with the positions written to temporary files when other
// engines' drivers need them. remove deletes those files; it is never nil, even on error.
func Prepare(s Setup) (cfg Config, remove func(), err error) {
	var temp []string
	remove = func() {
		for _, name := range temp {
			os.Remove(name)
		}
	}
	cfg = Config{Lexicon: s.Lexicon, Leaves: s.Leaves, Figures: s.Figures, Seed: s.Seed, PositionsFile: s.File}
	if s.Magpie != "" {
		cfg.Drivers = append(cfg.Drivers, Driver{Name: "MAGPIE", Path: s.Magpie})
	}
	if s.Macondo != "" {
		cfg.Drivers = append(cfg.Drivers, Driver{Name: "macondo", Path: s.Macondo})
	}
	if s.File != "" {
		if cfg.Positions, err = ReadPositionsFile(s.File, s.Lexicon.Tiles, engine.StandardLayout()); err != nil {
			return cfg, remove, err
		}
	} else if cfg.Positions, err = Builtin(s.Lexicon, s.Leaves, s.Count, s.Seed); err != nil {
		return cfg, remove, &BuiltinError{err}
	}
	if slices.Contains(s.Figures, Endgame) {
		if cfg.Endgames, err = EndgamePositions(s.File != "", cfg.Positions, s.Lexicon, s.Leaves, s.Count, s.Seed); err != nil {
			return cfg, remove, &BuiltinError{err}
		}
		if len(cfg.Drivers) > 0 && len(cfg.Endgames) > 0 {
			if cfg.EndgamesFile, err = WriteTempPositions(cfg.Endgames, s.Lexicon.Name); err != nil {
				return cfg, remove, err
			}
			temp = append(temp, cfg.EndgamesFile)
		}
	}
	if len(cfg.Drivers) > 0 && cfg.PositionsFile == "" {
		// The built-in set, written for the drivers.
		f, err := os.CreateTemp("", "atril-bench-*.cgp")
		if err != nil {
			return cfg, remove, err
		}
		temp = append(temp, f.Name())
		werr := WritePositions(f, cfg.Positions, s.Lexicon.Name)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return cfg, remove, werr
		}
		cfg.PositionsFile = f.Name()
	}
	return cfg, remove, nil
}
