"""Français: the simulator page's words, English text or format -> the French (see
__init__.py): only the page loads them, never a board."""

# One text a line: the English, "|", the translation (ui/lang/__init__.py).
# A line starting with "#" is a comment.
T = """
# the page: whose turn, the score, an element's name
%s to play: handicap sticks|%s joue : liaisons de handicap
%s to play: a last turn|%s joue : un dernier tour
White %d – Black %d|Blanc %d – Noir %d
%s, game over: %s|%s, partie finie : %s
%s, last turns|%s, derniers tours
%s to play, round %d|%s joue, manche %d
%s, round %d|%s, manche %d
Game over: %s|Partie finie : %s
%s to set a stone|%s pose une pierre
%s to move a tower|%s bouge une tour
Migis: Bison %d, Wolf %d|Migis : Bison %d, Wolf %d
%s: put a %s on|%s : poser une %s
%s: %s, take off|%s : %s, à ôter
New game: %s|Nouvelle partie : %s
Points: White %d, Black %d|Points : Blanc %d, Noir %d
Points: %s|Points : %s
Points after move %d: %s|Points après le coup %d : %s
%s group of %d at %s: %d tower, %d points|Groupe {0} de {1} en {2} : {3} tour, {4} points
%s group of %d at %s: %d towers, %d points|Groupe {0} de {1} en {2} : {3} tours, {4} points
%s: taken off the real board|%s : ôté du vrai plateau
%s: put on the real board|%s : posé sur le vrai plateau
%s: %s|%s : %s
%s, free to place again|%s, libre à reposer
%s, refused|%s, refusé
%s, picked|%s, choisie
cell %s|case %s
row %s|rangée %s
Menu: MENU = next line, TURN = change, UNDO = back|Menu : MENU = ligne suivante, TURN = changer, UNDO = retour
take the %s off %s|ôter la %s de %s
put a %s on %s|poser une %s en %s
# the page: the moves in words (ui/words.py and the UIs' last move)
%s first|%s commence
%s put a stick on %s|%s pose une liaison en %s
%s took %s's %s off|{0} retire la liaison {2} de {1}
%s ended the turn|%s finit son tour
%s; took %s|%s ; prend %s
The last move was taken back (UNDO)|Le dernier coup a été annulé (UNDO)
%s put a stone on %s|%s pose une pierre en %s
%s put a %s on %s|%s pose une %s en %s
%s took %s off|%s retire %s
%s ended the round (a scoring)|%s finit la manche (un décompte)
%s passed|%s passe
%s drew a card from the pile|%s pioche une carte
%s drew the face-up %s card|%s prend la carte visible %s
%s gave back a %s card|%s défausse une carte %s
%s moved a tower from %s to %s|%s bouge une tour de %s en %s
%s set a stone on %s|%s pose une pierre en %s
%s chose a mask|%s choisit un masque
%s swapped the stones on %s and %s|%s échange les pierres de %s et %s
%s wins (decided by %s)|%s gagne (décidé par : %s)
points|points
final scoring|décompte final
sticks on the board|liaisons sur le plateau
TURN: the real board is as lit|TURN : le vrai plateau est comme allumé
The time ran out|Le temps est écoulé
%s; %s taken|%s ; %s pris
%s; %s comes off|%s ; %s est ôté
%s; %s come off|%s ; %s sont ôtés
%s (%s)|%s (%s)
%s won by %s|%s gagné par %s
%s, %s played by the device|%s, %s joué par l'appareil
%s, variants %s|%s, variantes %s
"""
