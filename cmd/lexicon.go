package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon/registry"
)

func init() {
	register(func(g *Globals) *cobra.Command {
		c := &cobra.Command{
			Use:   "lexicon",
			Short: "Add word lists, choose the default lexicon, compare lexicons",
			Long: `Manage lexicons. atril embeds FISE2-LIBRE, an open list (about FISE-2 as of 2013 with
FISE's 2016 update of two- and three-tile words); it is not the official FILE2017 list.
If you own the official list, add it once and make it your default:

  atril lexicon add FILE2017 FILE2017.txt
  atril lexicon use FILE2017

Lexicons you add are compiled to word graphs (.kwg, the format of wolges, macondo and
Woogles) in your data directory: $ATRIL_DATA_DIR, else $XDG_DATA_HOME/atril, else
~/.local/share/atril, in lexicons/NAME.kwg with NAME.json beside it; the default chosen
with 'lexicon use' is kept in config.json there. Every command takes --lexicon NAME (any
case) or --lexicon PATH.kwg to use another for one run.`,
			Example: `  atril lexicon list
  atril lexicon add FILE2017 ~/listas/file2017.txt --description "FILE 2017"
  atril lexicon use FILE2017
  atril lexicon info FILE2017 --json
  atril lexicon diff FISE2-LIBRE FILE2017`,
		}
		for _, sub := range lexiconCommands {
			c.AddCommand(sub(g))
		}
		return c
	})
}

// lexiconCommands are the subcommands, one file each (lexicon_add.go, ...).
var lexiconCommands []func(*Globals) *cobra.Command

func registerLexicon(f func(*Globals) *cobra.Command) { lexiconCommands = append(lexiconCommands, f) }

// lexiconRegistry is the user's lexicon registry, in the data directory the environment names.
func (g *Globals) lexiconRegistry() *registry.Registry { return registry.New(g.io.Getenv) }

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
