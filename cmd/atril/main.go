// Command atril is a training and puzzle tool for Spanish Scrabble tournament players.
package main

import (
	"os"

	"github.com/atril-scrabble/atril/cmd"
)

func main() {
	os.Exit(cmd.Main(cmd.SystemIO()))
}
