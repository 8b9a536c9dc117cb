// Package cmd holds atril's commands, one file each. Commands stay thin: parse flags, call a
// package, print.
package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

// Exit codes (documented in README and `atril --help`).
const (
	ExitOK       = 0 // success; every judged word valid
	ExitNo       = 1 // a clear "no": a word is not valid, a play is not legal
	ExitError    = 2 // bad input, bad flags, a file that cannot be read
	ExitInternal = 3 // a bug: please report it
	// ExitInterrupted: Ctrl-C stopped a run before it finished (what it did is kept and summed
	// up); 128+SIGINT as shells report it.
	ExitInterrupted = 130
)

// exitError carries an exit code up from a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// withCode wraps err so that Main exits with code.
func withCode(code int, err error) error { return &exitError{code, err} }

// errSilentNo exits ExitNo without printing: the command's output already said "no".
var errSilentNo = errors.New("")

// IO is what a command reads, writes and asks the time from; tests inject their own.
type IO struct {
	In     io.Reader
	Out    io.Writer
	Err    io.Writer
	OutTTY bool // stdout is a terminal: render, colour
	ErrTTY bool // stderr is a terminal: progress bars
	Now    func() time.Time
	Getenv func(string) string
}

// SystemIO is the process's real streams and clock.
func SystemIO() *IO {
	return &IO{
		In: os.Stdin, Out: os.Stdout, Err: os.Stderr,
		OutTTY: isatty.IsTerminal(os.Stdout.Fd()) || isatty.IsCygwinTerminal(os.Stdout.Fd()),
		ErrTTY: isatty.IsTerminal(os.Stderr.Fd()) || isatty.IsCygwinTerminal(os.Stderr.Fd()),
		Now:    time.Now, Getenv: os.Getenv,
	}
}

// Globals are the flags every command has.
type Globals struct {
	io      *IO
	Lexicon string
	Tiles   string
	JSON    bool
	DB      string

	tiles *lexicon.TileSet
	lex   *lexicon.Lexicon
}

// TileSet loads --tiles once.
func (g *Globals) TileSet() (*lexicon.TileSet, error) {
	if g.tiles == nil {
		ts, err := lexicon.LoadTileSet(g.Tiles)
		if err != nil {
			return nil, withCode(ExitError, err)
		}
		g.tiles = ts
	}
	return g.tiles, nil
}

// Lex loads --lexicon (under --tiles) once.
func (g *Globals) Lex() (*lexicon.Lexicon, error) {
	if g.lex == nil {
		ts, err := g.TileSet()
		if err != nil {
			return nil, err
		}
		l, err := g.lexiconRegistry().Open(g.Lexicon, ts)
		if err != nil {
			return nil, withCode(ExitError, err)
		}
		g.lex = l
	}
	return g.lex, nil
}

// Main runs atril with the process's arguments and the given streams and returns the exit code.
// For a command that stops cleanly (see stopsOnInterrupt) the first Ctrl-C (SIGINT, or SIGTERM)
// cancels cmd.Context() and the command winds up (a drill's summary, self-play's games so far);
// a second Ctrl-C kills at once. Any other command dies at the first Ctrl-C, as it would
// without atril catching anything.
func Main(io *IO) int {
	args := os.Args[1:]
	root := NewRootCmd(io)
	ctx := context.Background()
	if c, _, err := root.Find(args); err == nil && stopsOnInterrupt(c) {
		var stop context.CancelFunc
		ctx, stop = signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		defer stop()
		// Once cancelled, the default behaviour comes back: the next signal kills.
		go func() { <-ctx.Done(); stop() }()
	}
	return execute(ctx, root, io, args)
}

// Run runs atril with arguments and no signal handling; tests call it directly.
func Run(io *IO, args []string) int { return execute(context.Background(), NewRootCmd(io), io, args) }

// interruptible is the annotation of commands that stop cleanly when cmd.Context() is
// cancelled (Ctrl-C), keeping what they did; their subcommands inherit it.
const interruptible = "atril/interruptible"

// stopsCleanly marks c (and its subcommands) as stopping cleanly on Ctrl-C.
func stopsCleanly(c *cobra.Command) *cobra.Command {
	if c.Annotations == nil {
		c.Annotations = map[string]string{}
	}
	c.Annotations[interruptible] = "yes"
	return c
}

func stopsOnInterrupt(c *cobra.Command) bool {
	for ; c != nil; c = c.Parent() {
		if c.Annotations[interruptible] != "" {
			return true
		}
	}
	return false
}

func execute(ctx context.Context, root *cobra.Command, io *IO, args []string) (code int) {
	defer func() {
		// A panic is a bug: say so plainly, with the trace for the report, and exit 3 rather
		// than 2, which means bad input.
		if r := recover(); r != nil {
			fmt.Fprintf(io.Err, "atril: internal error (please report it): %v\n%s", r, debug.Stack())
			code = ExitInternal
		}
	}()
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return ExitOK
	}
	code = ExitError
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if msg := err.Error(); msg != "" {
		fmt.Fprintln(io.Err, "atril: "+msg)
	}
	return code
}

// NewRootCmd builds the command tree.
func NewRootCmd(io *IO) *cobra.Command {
	g := &Globals{io: io}
	root := &cobra.Command{
		Use:   "atril",
		Short: "Training and puzzles for Spanish Scrabble tournament players",
		Long: `atril: word study, drills, spaced repetition and an engine for Spanish Scrabble
(FILE/FISE tournament rules: 100 tiles, CH LL RR tiles, 15x15 board).

Exit codes: 0 success (all words valid); 1 a clear "no" (a word not valid, a play
not legal); 2 bad input or flags (the message names the file and line); 3 internal error;
130 a run stopped by Ctrl-C before it finished (self-play: the games played are summed up).
A drill or review ended with Ctrl-C or Ctrl-D exits 0: every answer given is saved.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(io.In)
	root.SetOut(io.Out)
	root.SetErr(io.Err)
	pf := root.PersistentFlags()
	pf.StringVar(&g.Lexicon, "lexicon", "", "lexicon NAME (see 'atril lexicon list') or PATH to a .kwg")
	pf.StringVar(&g.Tiles, "tiles", "", "tile set NAME (embedded: fise) or PATH to a label,count,points,vowel file")
	pf.BoolVar(&g.JSON, "json", false, "print JSON for scripts")
	pf.StringVar(&g.DB, "db", "", "study database PATH (default: $ATRIL_DB, else the user data directory)")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return withCode(ExitError, fmt.Errorf("%w (see `%s --help`)", err, c.CommandPath()))
	})
	for _, add := range commands {
		root.AddCommand(add(g))
	}
	root.RegisterFlagCompletionFunc("lexicon", completeLexiconNames(g))
	root.RegisterFlagCompletionFunc("tiles", completeTileSets)
	return root
}

// commands is filled by each command file's init, so that adding a command touches one file.
var commands []func(*Globals) *cobra.Command

func register(f func(*Globals) *cobra.Command) { commands = append(commands, f) }
