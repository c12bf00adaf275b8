/*
 * new.c: "zariba new RULESET": a small starter scenario, commented, that
 * loads and plays as written, for a player to edit rather than to write
 * from a blank page (as "cargo new" gives a program that builds).  It is
 * written to standard output, or with -o to a file that must not exist
 * yet: a starter never replaces a scenario someone has worked on.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "zariba/ruleset.h"

const char cli_new_help[] =
"Usage: zariba new RULESET [-o FILE]\n"
"\n"
"Write a small starter scenario for RULESET (see 'zariba rules'): a\n"
"table, a bit of ground and a few units a side, every key explained in a\n"
"comment.  It passes 'zariba check' and plays with 'zariba run' as it is;\n"
"change it from there.  docs/scenarios.md describes every key, and each\n"
"unit type's footprint.\n"
"\n"
"Options:\n"
"  -o, --output FILE  write to FILE, which must not exist yet (default:\n"
"                     standard output)\n"
"  -h, --help         show this help and exit\n"
"\n"
"Example:\n"
"  zariba new volley-fire -o my-battle.yaml\n"
"  zariba run my-battle.yaml --seed 1\n"
"\n"
"Exit status: 0 written, 1 usage error, 2 FILE exists or cannot be\n"
"written.\n";

#define NEW_CMD "new"

static const char vf_starter[] =
"# A starter scenario for Volley Fire (zariba new volley-fire).\n"
"# Check it with 'zariba check FILE', play it with 'zariba run FILE'.\n"
"# Keys: docs/scenarios.md; unit types and formations:\n"
"# docs/rules/volley-fire.md.  Distances are inches; x runs along the\n"
"# first side's table edge (y = 0), y away from it.\n"
"ruleset: volley-fire\n"
"title: \"A patrol meets a war party\"\n"
"table: { width: 72, height: 48 }    # 6 by 4 feet\n"
"turns: 10                           # the turn limit\n"
"victory: { at-limit: Patrol }       # who wins when it is reached\n"
"\n"
"terrain:\n"
"  - { kind: scrub, name: \"Thorn scrub\",\n"
"      points: [[10, 28], [26, 28], [26, 38], [10, 38]] }\n"
"  - { kind: hill, name: \"Low rise\", height: 1,\n"
"      points: [[40, 8], [52, 8], [52, 14], [40, 14]] }\n"
"\n"
"sides:\n"
"  - name: Patrol\n"
"    army: british\n"
"    units:\n"
"      # 'at' is the front centre of the unit; 'facing' is in degrees\n"
"      # counter-clockwise from +x (90 faces the far edge).\n"
"      - name: \"Lt. Hale\"\n"
"        type: mounted-officer\n"
"        commander: true\n"
"        figures: { officer: 1 }\n"
"        at: [36, 4]\n"
"        facing: 90\n"
"      - name: \"1st Section\"\n"
"        type: sudanese-infantry\n"
"        figures: { trooper: 10, nco: 1, flag: 1 }\n"
"        formation: two-rank-line      # 6 files, 2 ranks: 4.5 x 1.5 in\n"
"        at: [30, 10]\n"
"        facing: 90\n"
"        leader: \"Lt. Hale\"\n"
"      - name: \"2nd Section\"\n"
"        type: sudanese-infantry\n"
"        figures: { trooper: 10, nco: 1, flag: 1 }\n"
"        formation: two-rank-line\n"
"        at: [42, 10]\n"
"        facing: 90\n"
"  - name: \"War party\"\n"
"    army: dervish\n"
"    units:\n"
"      - name: \"Emir Musa\"\n"
"        type: mounted-emir\n"
"        commander: true\n"
"        figures: { emir: 1 }\n"
"        at: [36, 46]\n"
"        facing: 270\n"
"      - name: \"Spearmen\"\n"
"        type: dervish-spearmen\n"
"        figures: { warrior: 19, flag: 1 }\n"
"        formation: mass               # 5 files, 4 deep: 3.75 x 3 in\n"
"        at: [18, 40]\n"
"        facing: 270\n"
"      - name: \"Riflemen\"\n"
"        type: dervish-riflemen\n"
"        figures: { warrior: 12 }\n"
"        at: [50, 40]\n"
"        facing: 270\n";

static const char gr_starter[] =
"# A starter scenario for Gentlemen Rankers (zariba new\n"
"# gentlemen-rankers).  Check it with 'zariba check FILE', play it with\n"
"# 'zariba run FILE'.  Keys: docs/scenarios.md; unit types, formations\n"
"# and options: docs/rules/gentlemen-rankers.md.  Distances are inches;\n"
"# x runs along the south edge (y = 0), y away from it.\n"
"ruleset: gentlemen-rankers\n"
"title: \"A company marches through\"\n"
"table: { width: 48, height: 48 }    # 4 by 4 feet\n"
"turns: 30                           # the turn limit\n"
"victory: { at-limit: Warriors }     # who wins when it is reached\n"
"options:\n"
"  objective: exit                   # march off the objective edge\n"
"  friendly-edge: south\n"
"  objective-edge: north\n"
"\n"
"terrain:\n"
"  - { kind: rough, name: \"Stony ground\",\n"
"      points: [[30, 20], [40, 20], [40, 27], [30, 27]] }\n"
"\n"
"sides:\n"
"  - name: Column\n"
"    army: imperial\n"
"    units:\n"
"      # Each unit is one base (1.57 in wide; foot 0.79 in deep), so its\n"
"      # figures name the one figure that stands for it.  'at' is the\n"
"      # base's front centre; facing 90 is north.\n"
"      - { name: \"No. 1 Company\", type: infantry, figures: { trooper: 1 },\n"
"          at: [23.2, 8], facing: 90 }\n"
"      - { name: \"No. 2 Company\", type: infantry, figures: { trooper: 1 },\n"
"          at: [24.8, 8], facing: 90 }\n"
"      - { name: \"No. 3 Company\", type: infantry, figures: { trooper: 1 },\n"
"          at: [24, 6.5], facing: 90 }\n"
"      - { name: \"Captain Ames\", type: command, figures: { officer: 1 },\n"
"          at: [24, 5], facing: 90 }\n"
"  # The warriors arrive in waves during play: their side starts empty.\n"
"  - name: Warriors\n"
"    army: warriors\n"
"    units: []\n";

static const char zu_starter[] =
"# A starter scenario for the Zulu and First Boer War rules (zariba new\n"
"# zulu-boer).  Check it with 'zariba check FILE', play it with 'zariba\n"
"# run FILE'.  Keys: docs/scenarios.md; unit types, figures, formations\n"
"# and the unit keys it reads: docs/rules/zulu-boer.md.  Distances are\n"
"# inches; x runs along the south edge (y = 0), y away from it.\n"
"ruleset: zulu-boer\n"
"title: \"A section at the drift\"\n"
"table: { width: 48, height: 48 }    # 4 by 4 feet\n"
"turns: 10                           # the turn limit\n"
"victory: { at-limit: Company }      # who wins when it is reached\n"
"\n"
"terrain:\n"
"  # Mealie bags the scenario calls hard cover, and bush that hides.\n"
"  - { kind: wall, name: \"Mealie bags\", height: 0.5, cover: hard,\n"
"      points: [[9, 12], [39, 12]] }\n"
"  - { kind: rough, name: \"Bush\",\n"
"      points: [[8, 30], [40, 30], [40, 40], [8, 40]] }\n"
"\n"
"sides:\n"
"  - name: Company\n"
"    army: british                    # red cards\n"
"    units:\n"
"      # Figures by role, at most the text's make-up (infantry: 1\n"
"      # officer, 1 NCO, 18 other ranks).  'at' is the front centre.\n"
"      - { name: \"1st Section\", type: infantry,\n"
"          figures: { officer: 1, nco: 1, trooper: 18 },\n"
"          formation: open-order, at: [16.5, 11], facing: 90 }\n"
"      - { name: \"2nd Section\", type: infantry, leads: nco,\n"
"          figures: { nco: 1, trooper: 18 },\n"
"          formation: open-order, at: [31.5, 11], facing: 90 }\n"
"  - name: Impi\n"
"    army: zulu                       # black cards\n"
"    units:\n"
"      - { name: \"Left horn\", type: zulu, concealed: true,\n"
"          formation: close-order, figures: { officer: 1, trooper: 20 },\n"
"          at: [16, 35], facing: 270 }\n"
"      - { name: \"Chest\", type: zulu, concealed: true,\n"
"          formation: close-order, figures: { officer: 1, trooper: 20 },\n"
"          at: [24, 35], facing: 270 }\n"
"      - { name: \"Right horn\", type: zulu, concealed: true,\n"
"          formation: close-order, figures: { officer: 1, trooper: 20 },\n"
"          at: [32, 35], facing: 270 }\n"
"      - { name: \"Loins\", type: zulu, concealed: true,\n"
"          formation: close-order, figures: { officer: 1, trooper: 20 },\n"
"          at: [24, 44], facing: 270 }\n";

static const char ak_starter[] =
"# A starter scenario for Mr. Akbar's Neighborhood Rules, the Bag Dad\n"
"# convention game (zariba new akbar).  Check it with 'zariba check\n"
"# FILE', play it with 'zariba run FILE'.  Keys: docs/scenarios.md (the\n"
"# players and objectives); unit types, orders, 'european-trained' and\n"
"# the points tables: docs/rules/akbar.md.  Distances are inches; x runs\n"
"# along the south edge (y = 0), y away from it.\n"
"ruleset: akbar\n"
"title: \"A raid on Gratitude\"\n"
"table: { width: 48, height: 48 }    # 4 by 4 feet\n"
"turns: 6                            # the game ends here, on points\n"
"\n"
"terrain:\n"
"  - { kind: river, name: \"The Tigress\", flow: 0,   # flowing east\n"
"      points: [[0, 0], [48, 0], [48, 7], [0, 7]] }\n"
"  - { kind: building, name: \"Gratitude\", cover: hard,\n"
"      points: [[14, 36], [34, 36], [34, 46], [14, 46]] }\n"
"\n"
"# What scores: each a line of the points tables, by its name.\n"
"objectives:\n"
"  - { name: \"Bag Dad\", unit: \"Colonel Kadadi\", scored-by: capture,\n"
"      points: { Albion: 100 } }\n"
"  - { name: \"Loot the Mosque\", scored-by: loot,\n"
"      area: [[20, 40], [26, 40], [26, 45], [20, 45]],\n"
"      points: { Albion: 15 } }\n"
"  - { name: \"Capture the Supply Camels\", unit: \"Supply Camels\",\n"
"      scored-by: capture, points: { Shiraqui: 15 } }\n"
"\n"
"sides:\n"
"  - name: Albion\n"
"    army: yankee                     # the attackers\n"
"    # Each player commands his units under a general, who rolls his\n"
"    # beads by quality every turn, and scores his own points.\n"
"    players:\n"
"      - { name: Bob, general: \"Gen. Blimp\", quality: superior,\n"
"          units: [\"Albion Foot\", \"Supply Camels\"] }\n"
"      - { name: Cleo, general: \"Col. Custard\", quality: average,\n"
"          units: [\"Albion Sepoys\"] }\n"
"    units:\n"
"      - { name: \"Albion Foot\", type: yankee-infantry,\n"
"          figures: { trooper: 12 }, at: [14, 12] }\n"
"      - { name: \"Albion Sepoys\", type: yankee-sepoys,\n"
"          figures: { trooper: 12 }, at: [32, 12] }\n"
"      - { name: \"Supply Camels\", type: supply-camels,\n"
"          figures: { trooper: 4 }, at: [24, 9] }\n"
"  - name: Shiraqui\n"
"    army: shiraqui                   # the defenders\n"
"    units:\n"
"      - { name: \"Foreign Legion\", type: mercenaries,\n"
"          figures: { trooper: 12 }, at: [20, 30] }\n"
"      - { name: \"Laundry Heads\", type: shiraqui-sepoys,\n"
"          figures: { trooper: 16 }, at: [36, 30] }\n"
"      - { name: \"Colonel Kadadi\", type: civilians,  # his slave girls\n"
"          figures: { trooper: 4 }, at: [28, 42] }\n";

static const struct {
	const char *ruleset;
	const char *text;
} starters[] = {
	{ "volley-fire", vf_starter },
	{ "gentlemen-rankers", gr_starter },
	{ "zulu-boer", zu_starter },
	{ "akbar", ak_starter },
};

#define N_STARTERS (sizeof(starters) / sizeof(starters[0]))

/* Write text to a new file at path: O_EXCL, so an existing file is never
 * replaced, even one made since we looked; a file left half written is
 * removed. */
static int write_new(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0) {
		if (errno == EEXIST)
			cli_error("%s already exists; give another name with "
				  "-o (a starter never replaces a file)",
				  path);
		else
			cli_error("cannot write '%s': %s", path,
				  strerror(errno));
		return CLI_EXIT_INPUT;
	}
	size_t len = strlen(text), done = 0;
	while (done < len) {
		ssize_t k = write(fd, text + done, len - done);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		done += (size_t)k;
	}
	int err = done < len ? errno : 0;
	if (!err && fsync(fd) != 0)
		err = errno;
	if (close(fd) != 0 && !err)
		err = errno;
	if (err || done < len) {
		cli_error("cannot write '%s': %s", path,
			  strerror(err ? err : EIO));
		unlink(path);
		return CLI_EXIT_INPUT;
	}
	return CLI_EXIT_OK;
}

enum { N_HELP, N_OUTPUT };

static const struct cli_opt_spec new_opts_spec[] = {
	{ "help", 'h', false, N_HELP, false },
	{ "output", 'o', true, N_OUTPUT, false },
	{ NULL, 0, false, 0, false }
};

int cli_cmd_new(int argc, char **argv)
{
	struct cli_opt_iter it = { .argc = argc, .argv = argv, .i = 2,
				   .spec = new_opts_spec, .cmd = NEW_CMD };
	const char *rs = NULL, *out = NULL, *val;
	int id;
	while ((id = cli_opt_next(&it, &val)) != CLI_OPT_END) {
		switch (id) {
		case CLI_OPT_BAD:
			return CLI_EXIT_USAGE;
		case CLI_OPT_OPERAND:
			if (rs)
				return cli_usage(NEW_CMD, "one rule set at a "
						 "time ('%s' and '%s')", rs,
						 val);
			rs = val;
			break;
		case N_HELP:
			fputs(cli_new_help, stdout);
			return CLI_EXIT_OK;
		case N_OUTPUT:
			if (!*val)
				return cli_usage(NEW_CMD, "option '--output' "
						 "needs a file name");
			out = val;
			break;
		}
	}
	if (!rs)
		return cli_usage(NEW_CMD, "which rule set? For example: "
				 "zariba new volley-fire -o my-battle.yaml "
				 "('zariba rules' lists them)");
	const char *text = NULL;
	for (size_t i = 0; i < N_STARTERS; i++)
		if (!strcmp(starters[i].ruleset, rs))
			text = starters[i].text;
	char hint[96];
	if (!text && zb_ruleset_find(rs))
		return cli_usage(NEW_CMD, "no starter scenario for '%s' yet",
				 rs);
	if (!text)
		return cli_usage(NEW_CMD, "unknown rule set '%s'%s", rs,
				 zb_ruleset_suggest(hint, sizeof(hint), rs,
						    " (see 'zariba rules')"));
	if (!out || !strcmp(out, "-")) {
		fputs(text, stdout);
		return CLI_EXIT_OK;
	}
	return write_new(out, text);
}
