package datasources

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/contactcenter/terraform-provider-contactcenter/resources"
)

// edgeSpaces warns about a contains-filter (a name keyword, part of an
// address) that starts or ends with white space: the platform matches the
// text as given, spaces included, so `" Sales"` finds only names with a
// space before "Sales", and most often nothing (a value pasted with a
// space, or built with format()).
var edgeSpaces = resources.Warning("should not start or end with white space", func(p path.Path, s string) (string, string) {
	if strings.TrimFunc(s, unicode.IsSpace) == s {
		return "", ""
	}
	return "Filter Text Starts or Ends With White Space",
		fmt.Sprintf("%s is %q: the platform matches the text as given, white space included, so only names holding that white space match "+
			"(most often none). Remove it (trimspace()) unless the names hold it too.", p, s)
})
