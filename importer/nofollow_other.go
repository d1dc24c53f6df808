//go:build !unix

package importer

// oNoFollow is 0 where the system has no O_NOFOLLOW (Windows): the journal
// is checked with os.Lstat before it is opened (journalLink), which tells a
// link, without closing the moment between the check and the open.
const oNoFollow = 0
