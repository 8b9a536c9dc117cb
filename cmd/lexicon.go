package cmd

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/registry"
)

// newLexiconCmd makes `atril lexicon`.
func newLexiconCmd(g *Globals) *cobra.Command {
	p := g.P
	c := &cobra.Command{
		Use:     p.T("lexicon.use"),
		Short:   p.T("lexicon.short"),
		Long:    p.T("lexicon.long"),
		Example: p.T("lexicon.example"),
	}
	// The subcommands, one file each.
	c.AddCommand(
		newLexiconAddCmd(g),
		newLexiconDiffCmd(g),
		newLexiconInfoCmd(g),
		newLexiconListCmd(g),
		newLexiconUseCmd(g),
	)
	return c
}

// lexiconRegistry is the user's lexicon registry, in the data directory the environment names.
func (g *Globals) lexiconRegistry() *registry.Registry { return registry.New(g.io.Getenv) }

// openLexicon opens --lexicon (a name or a .kwg path) under ts, as every command does.
func (g *Globals) openLexicon(nameOrPath string, ts *lexicon.TileSet) (*lexicon.Lexicon, error) {
	l, err := g.lexiconRegistry().Open(nameOrPath, ts)
	if err != nil {
		return nil, lexiconAdvice(err)
	}
	return l, nil
}

// lexiconAdvice adds to a registry error what to type about it: the registry speaks of the
// lexicon and its files, the command line of commands and flags.
func lexiconAdvice(err error) error {
	var (
		damaged  *registry.DamagedError
		notFound *registry.NotFoundError
		exists   *registry.ExistsError
		wordList *registry.WordListError
		chosen   *registry.ChosenError
	)
	switch {
	case errors.As(err, &damaged):
		err = i18n.Wrap(err, "lexicon.advice.damaged", "Name", damaged.Name)
	case errors.As(err, &notFound):
		err = i18n.Wrap(err, "lexicon.advice.not_found")
	case errors.As(err, &exists):
		err = i18n.Wrap(err, "lexicon.advice.exists")
	case errors.As(err, &wordList):
		err = i18n.Wrap(err, "lexicon.advice.word_list", "Path", wordList.Path)
	}
	if errors.As(err, &chosen) {
		err = i18n.Wrap(err, "lexicon.advice.chosen")
	}
	return err
}

// completeLexiconNames offers the names `lexicon list` shows.
func completeLexiconNames(g *Globals) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		list, _, err := g.lexiconRegistry().List()
		if err != nil {
			return nil, cobra.ShellCompDirectiveError
		}
		names := make([]string, len(list))
		for i, info := range list {
			names[i] = info.Name
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	}
}
