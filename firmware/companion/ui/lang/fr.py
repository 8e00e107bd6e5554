"""Français: the English text, or its format, -> the French (see __init__.py).

The games' words as the French rule sheet says them: île, liaison, pierre
Kahuna, manche, décompte, pioche; and for the other games pont, marqueur,
pierre de dieu (Kanaloa), tour, case (Rukuni), masque, Migis (Duell der
Schamanen: its masks keep their German names, Bison and Wolf, as on the
board). A display line stays within 16 columns; "~Black" is a word's short
form where the long one would not fit.
"""

# One text a line: the English, "|", the translation (ui/lang/__init__.py).
# A line starting with "#" is a comment.
T = """
# players and pieces (parts of the formats below)
White|Blanc
Black|Noir
white|Blanc
~White|Bl.
black|Noir
Red|Rouge
Blue|Bleu
Green|Vert
Yellow|Jaune
red|Rouge
blue|Bleu
green|Vert
yellow|Jaune
stick|liaison
stone|pierre
bridge|pont
marker|marqueur
tower|tour
piece|pièce
white stick|liaison blanche
black stick|liaison noire
white stone|pierre blanche
black stone|pierre noire
bison stone|pierre Bison
wolf stone|pierre Wolf
bison|Bison
wolf|Wolf
empty|vide
tie|égalité
nobody|personne
a draw|match nul
# the menu (labels and values)
Menu: %s|Menu : %s
First|Départ
lot|au sort
seat 1|place 1
Variant 1|Variante 1
Variant 2|Variante 2
Variant|Mode
on|oui
off|non
Handicap|Handicap
none|aucun
Cards|Cartes
physical|réelles
digital|numér.
solo W|solo B
solo B|solo N
Level|Niveau
strong|fort
normal|normal
easy|facile
Hints|Aides
Brightness|Luminosité
New game|Nouvelle partie
Calm LEDs|LED calmes
Sound|Son
Volume|Volume
Language|Langue
Back|Retour
Players|Joueurs
Time|Temps
basic|base
memory|mémoire
profi|pro
menu: MENU = next line, TURN = change, UNDO = back|menu : MENU = ligne suivante, TURN = changer, UNDO = retour
no game yet: choose New game and press TURN|pas encore de partie : choisir Nouvelle partie et TURN
# the display: Kahuna
stn|pie
stk|lia
pts|pts
Game over|Partie finie
%s to play|%s joue
%s: handicap|%s : handicap
%s: last turn|%s : dernier
%s last turn|%s dernier
Round %d of 3|Manche %d sur 3
Last turns|Derniers tours
Round 3 over|Manche 3 finie
Scoring %d: tie|Décompte %d: =
Scoring %d: %s|Décompte %d %s
Scoring %d|Décompte %d
Final scoring|Décompte final
Draw|Match nul
%s wins|%s gagne
on points|aux points
tie: final score|égal: décompte
tie: more sticks|égal: liaisons
tied all through|égalité totale
other has no stk|l'autre sans lia
W put %s|B pose %s
B put %s|N pose %s
W off %s|B ôte %s
B off %s|N ôte %s
W won %s|B a %s
B won %s|N a %s
W ended turn|B fin du tour
B ended turn|N fin du tour
Undone|Annulé
V1: free stick?|V1: liaison ?
%s >10 stones|%s >10 pierres
press when done|puis appuyer
Board: %d to do|Reste %d à faire
+%d more|+%d autres
# a sensed difference (app/sensed.py items): the piece's letter as this language's (Kahuna's,
# Rukuni's W is White: B, B is Black: N); Duell's pockets are Bison's and Wolf's (names), first
Off B %s bison|Ôter B %s Bison
Off W %s wolf|Ôter W %s Wolf
Back B %s bison|Pose B %s Bison
Back W %s wolf|Pose W %s Wolf
Off B %s|Ôter N %s
Off W %s|Ôter B %s
Back B %s|Pose N %s
Back W %s|Pose B %s
Off T %s|Ôter T %s
Off stone %s|Ôter pie. %s
Off stick %s|Ôter lia. %s
Off marker %s|Ôter marq. %s
Off bridge %s|Ôter pont %s
Off tower %s|Ôter tour %s
Off %s|Ôter %s
On stone %s|Poser pie. %s
On stick %s|Poser lia. %s
On marker %s|Poser marq. %s
On bridge %s|Poser pont %s
On tower %s|Poser tour %s
On %s|Poser %s
hold: end of round|maintenir : fin de manche
# Kahuna with the digital deck
Pile %d up %s|Pioche %d: %s
Hold TURN: hand|TURN long: main
Hand: %s|Main : %s
Draw: isle/TURN|Pioche: île/TURN
TURN = end turn|TURN = fin tour
Device thinks|Appareil pense
%s shows %s|%s montre %s
Dev put on|App.: poser
Dev take off|App.: ôter
Dev free stick|App.: liaison
Dev give %s|App. rend %s
Dev draws %s|App. pioche %s
Dev draws pile|App.: pioche
Dev ends turn|App.: fin tour
press TURN|appuyer TURN
Hint +%s|Aide +%s
Hint -%s|Aide -%s
Hint give %s|Aide: rends %s
Hint draws %s|Aide: prends %s
Hint draws pile|Aide: pioche
Hint ends turn|Aide: fin tour
# the display: Kanaloa
br|po
mk|mq
Rnd %d|Man %d
%s: take 1|%s : ôter 1
%s used %s|%s joue %s
%s won %s|%s a %s
~KANALOA|KA
%s KANE +%d|%s KANE +%d
no markers|aucun marqueur
press a lit one|appuyer allumé
gods: %s|dieux: %s
tie: moved first|égal: 1er joué
has 11 islands|a 11 îles
hold: pass|maintenir : passer
hold: KANALOA|maintenir : KANALOA
# the display: Rukuni
stones|pierres
~stones|reste
%s: set stone|%s : pierre
%s: move|%s : tour
press each/TURN|chacune/TURN
Grp %d/%d %s|Grp %d/%d %s
%dx%d towers=%d|%dx%d tours=%d
by points|aux points
by largest group|plus gd groupe
TURN: groups|TURN : groupes
stone next to|pierre près de
tower on %s|tour en %s
tower %s|tour %s
%d places to go|%d cases libres
press a tower|appuyer une tour
# the display: Duell der Schamanen
%s places %d|%s pose %d
%s may swap|%s: échange?
Duel %d|Duel %d
Undone: fix/TURN|Annulé: TURN
%s wins: time|Fin temps: %s
Draw: time|Nul: temps
Masks B:%s W:%s|Masques B:%s W:%s
press a site|appuyer un site
2 sites / TURN|2 sites / TURN
%s: 2nd site|%s: 2e site
%s: key 1-9|%s: val. 1-9
%s: hood key|%s: masque
%s: 2nd key|%s: 2e touche
Time: no limit|Temps: libre
Time %s|Temps %s
draw|nul
hold: time up|maintenir : temps écoulé
hold: profi|maintenir : pro
%d min|%d min
# the board check after a restart
Check the board?|Vérif. plateau ?
MENU: yes|MENU : oui
Board check %d/%d|Vérif. %d/%d
%s: as lit?|%s: conforme?
fix board/game|corriger
TURN: next|TURN : suivant
UNDO: stop|UNDO : arrêt
# remote play
Remote %s|Distance %s
Remote game|À distance
waiting for|attente de
the other board|l'autre plateau
# remote play, the sensing board, the board check, the failure screen (display lines)
Board checked|Plateau vérifié
Board differs:|Plateau diffère:
Back %s|Pose %s
MISSING FILE|FICHIER ABSENT
BAD JSON|JSON INVALIDE
CANNOT START|START IMPOSSIBLE
BUTTONS|BOUTONS
"""
