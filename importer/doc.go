// Package importer reads, validates, plans and applies spreadsheets for
// ccsync (DESIGN §8): agent rosters (spec §4.2, §2.6) and SMS recipient lists
// (spec §4.1 type-2 batch send, §4.8 send_batch).
//
// It talks to the platform only through the small interfaces of api.go
// (AgentAPI, SMSSender, Reconciler), so the whole of plan/apply/send is
// tested with in-memory fakes; clientapi.go adapts *client.Client to them.
// Nothing here imports Terraform.
//
// Every problem in an input sheet is reported with its cell, as
// `Agents!C7: user_email "x@" is not an e-mail address`, and all of them are
// found before the first write.
package importer
