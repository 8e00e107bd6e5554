"""Français: the reasons and messages, English text or format -> the French (see
__init__.py): loaded only to word one, then dropped."""

# One text a line: the English, "|", the translation (ui/lang/__init__.py).
# A line starting with "#" is a comment.
T = """
# refusals (the core's and the UIs' reasons)
the game is over|la partie est finie
the game is over: start a new game from the menu|la partie est finie : en lancer une nouvelle dans le menu
the game is over: MENU starts a new one|la partie est finie : MENU en lance une nouvelle
nothing to undo|rien à annuler
cannot undo now: the saved game could not be read back|annulation impossible : la partie enregistrée n'a pas pu être relue
the draw showed a card of the pile: it cannot be taken back|la pioche a montré une carte : on ne peut plus l'annuler
button %d does nothing in this game|le bouton %d ne fait rien dans ce jeu
button %d does nothing in %s|le bouton %d ne fait rien dans %s
nothing to take off at %s|rien à ôter en %s
nothing to put on at %s|rien à poser en %s
nothing to do on the board: it matches the game|rien à faire sur le plateau : il correspond à la partie
%s already holds a %s stick|{0} porte déjà une liaison de {1}
%s already holds a %s bridge|%s porte déjà un pont de %s
%s already holds a %s|%s porte déjà une %s
the handicap allows %d sticks: press TURN to start the game|le handicap permet %d liaisons : TURN lance la partie
%s has all %d sticks on the board|%s a ses %d liaisons sur le plateau
variant 1: %s carries a %s stone|variante 1 : %s porte une pierre Kahuna de %s
no removing during the handicap: place up to %d sticks, then press TURN|pas de retrait pendant le handicap : poser jusqu'à %d liaisons, puis TURN
%s is empty: there is no stick to remove|%s est vide : aucune liaison à retirer
%s is %s's own stick: remove one of %s's|%s est une liaison de %s : retirer une liaison de %s
the handicap comes before the first turn: press TURN to start|le handicap vient avant le premier tour : TURN pour commencer
round 3 is over; these are the final turns: end them with TURN|la manche 3 est finie ; voici les derniers tours : les finir avec TURN
%s: islands only show stones; press a connection|%s : les îles ne montrent que les pierres Kahuna ; appuyer une liaison
%s holds no %s card|%s n'a pas de carte %s
the device is thinking|l'appareil réfléchit
the device's move: press the blinking %s|coup de l'appareil : appuyer la liaison %s qui clignote
the device's move: press TURN|coup de l'appareil : appuyer TURN
%s gave cards back face down this turn: no card may be played after that|%s a défaussé face cachée ce tour : plus aucune carte ensuite
a %s card cannot pay for %s: the card must name one of its islands|une carte %s ne paie pas %s : la carte doit nommer une de ses îles
removing %s takes two cards of %s or %s|retirer %s coûte deux cartes %s ou %s
%s does not hold those cards|%s n'a pas ces cartes
no cards during the handicap: press TURN to start|pas de cartes pendant le handicap : TURN pour commencer
no drawing in the final turns: end the turn with TURN|pas de pioche dans les derniers tours : TURN finit le tour
%s holds %d cards: give one back face down before drawing|%s a %d cartes : en défausser une face cachée avant de piocher
the pile is empty: take a face-up card|la pioche est vide : prendre une carte visible
no %s card is face up|aucune carte %s n'est visible
%s skipped drawing just before: %s must draw a card|%s n'a pas pioché juste avant : %s doit piocher
first remove one bridge at %s (relative majority)|retirer d'abord un pont en %s (majorité relative)
%s has all %d bridges on the board|%s a ses %d ponts sur le plateau
%s is free: build there instead of exchanging|%s est libre : y construire au lieu d'échanger
%s is already %s's own bridge|%s est déjà un pont de %s
%s is %s's own bridge|%s est un pont de %s
there is no bridge to choose: nobody filled an island with a relative majority|aucun pont à choisir : personne n'a rempli d'île avec une majorité relative
%s cannot go: remove one at %s of a player with fewer bridges|%s reste : retirer un pont en %s d'un joueur qui en a moins
KANE scores when it is won; it is not played|KANE compte quand il est gagné ; il ne se joue pas
no god stone may be used in the last round|aucune pierre de dieu dans la dernière manche
%s works only after the 1st scoring|%s ne joue qu'après le 1er décompte
%s holds no unused %s stone|%s n'a pas de pierre %s inutilisée
passing is only for the last round; end the turn with TURN|passer, seulement dans la dernière manche ; TURN finit le tour
%s has already moved this turn: end it with TURN|%s a déjà joué ce tour : TURN le finit
%s may pass only while a player with more points has not had the last turn|%s ne peut passer que tant qu'un joueur avec plus de points n'a pas joué son dernier tour
KANALOA: long-press the connection to build or exchange on|KANALOA : appuyer longuement la liaison où construire ou échanger
%s: press a connection; an island plays its won god stone|%s : appuyer une liaison ; une île joue sa pierre de dieu gagnée
first set a %s stone next to the tower on %s|poser d'abord une pierre ({0}) à côté de la tour en {1}
no tower stands on %s|aucune tour en %s
a tower must move at least one cell|une tour avance d'au moins une case
%s is not on a straight line from %s|%s n'est pas en ligne droite depuis %s
the way from %s to %s is blocked at %s|le chemin de %s à %s est bloqué en %s
%s is taken: a tower ends on a free cell|%s est prise : une tour finit sur une case libre
first move a tower, then set a stone next to it|d'abord bouger une tour, puis poser une pierre à côté
%s is taken: a stone goes on a free cell|%s est prise : une pierre va sur une case libre
%s is not next to the tower just moved (on %s)|%s n'est pas à côté de la tour jouée (en %s)
the tower on %s is stuck: no free cell next to it|la tour en %s est bloquée : aucune case libre à côté
press the tower to move first, then where it goes|appuyer d'abord la tour, puis sa destination
all 18 stones are placed|les 18 pierres sont posées
it is %s's turn to place|c'est à %s de poser
%s has placed that stone already|%s a déjà posé cette pierre
%s's %d is already on %s|le {1} de {0} est déjà en {2}
%s holds %s's %d: the two stones on a site must differ|{0} porte le {2} de {1} : les deux pierres d'un site doivent différer
the duels start when all 18 stones are placed (%d to go)|les duels commencent quand les 18 pierres sont posées (encore %d)
%s may swap two stones first (or pass with TURN)|%s peut d'abord échanger deux pierres (ou passer avec TURN)
%s has chosen a mask already|%s a déjà choisi un masque
%s has no %s %d|{0} n'a pas de {2} de {1}
%s holds no %s stone|%s n'a pas de pierre de %s
%s may swap only own stones|%s n'échange que ses propres pierres
a swap needs two different sites|un échange demande deux sites différents
after this swap %s would hold two %ds: the values on a site must differ|après cet échange, %s aurait deux %d : les valeurs d'un site doivent différer
duel: each player presses a mask key under their hood|duel : chacun appuie une touche de masque, caché
%s places: press a site|%s pose : appuyer un site
%s: the value goes in on your own mask keys|%s : la valeur se tape sur vos touches de masque
enter the value on your mask keys (TURN: cancel)|taper la valeur sur vos touches de masque (TURN : annuler)
# the app's messages
saved again|de nouveau enregistré
NOT SAVED (%s): play on from memory|NON ENREGISTRÉ (%s) : la partie continue en mémoire
waiting for the host's game|attente de la partie de l'hôte
cannot start: %s|démarrage impossible : %s
# remote play (remote/: seat, consent, masks, protocol, games, config)
%s asks to undo: UNDO yes, TURN no|%s veut annuler : UNDO oui, TURN non
%s refused the undo|%s a refusé l'annulation
asked %s to allow the undo|demandé à %s d'accepter l'annulation
undo allowed: waiting for %s|annulation acceptée : attente de %s
undo allowed|annulation acceptée
undo refused|annulation refusée
only your own last move can be taken back|seul votre dernier coup peut être annulé
%s offline - waiting|%s hors ligne - attente
%s: in use elsewhere|%s : utilisé ailleurs
no broker - retrying|pas de broker - nouvel essai
joining the game: moves in a moment|connexion à la partie : coups dans un instant
joining the game|connexion à la partie
%s is open on another board or page: close it there; this one tries again every %d s|%s est ouvert sur un autre plateau ou une page : le fermer là-bas ; celui-ci réessaie toutes les %d s
catching up with the other board: a moment|rattrape l'autre plateau : un instant
the game is over: a new game code starts the next (docs/remote.md)|la partie est finie : un nouveau code de partie lance la suivante (docs/remote.md)
a remote game: a new game code starts the next (docs/remote.md)|une partie à distance : un nouveau code de partie lance la suivante (docs/remote.md)
%s's move: it comes from %s|coup de %s : il vient de %s
%s's mask comes from %s|le masque de %s vient de %s
%s's board|plateau de %s
%s seals a mask first: yours is shown after it (a moment)|%s scelle d'abord un masque : le vôtre est montré après (un instant)
mask sealed: %s's is shown next, then yours|masque scellé : celui de %s est montré, puis le vôtre
your mask is sealed: %s's comes next|votre masque est scellé : celui de %s vient ensuite
your mask was sealed before %s's was shown: it stays|votre masque était scellé avant que celui de %s soit montré : il reste
a duel's masks, once both are shown, stay (docs/remote.md)|les masques d'un duel, une fois montrés, restent (docs/remote.md)
logs differed at line %d: healed from %s's log|journaux différents à la ligne %d : réparé d'après le journal de %s
logs differ at move %d: ours stands|journaux différents au coup %d : le nôtre reste
%s's mask carries no seal: %s seals first|le masque de %s n'a pas de sceau : %s scelle d'abord
%s's mask does not carry this board's seal|le masque de %s n'a pas le sceau de ce plateau
%s's mask comes after %s's, which carries its seal|le masque de %s vient après celui de %s, qui porte son sceau
%s's mask is not the one it sealed|le masque de %s n'est pas celui qu'il a scellé
logs differ: checking|journaux différents : vérification
the other board has another game under this code: ours stands|l'autre plateau a une autre partie sous ce code : la nôtre reste
the seats of %s are %s|les places de %s sont %s
Kanaloa's seats are 3 or 4 colours of %s|les places de Kanaloa sont 3 ou 4 couleurs parmi %s
no remote play for %s|pas de jeu à distance pour %s
/config.json: %s: no remote play (docs/remote.md)|/config.json : %s : pas de jeu à distance (docs/remote.md)
a game code is 1 to %d letters, digits, '-' or '_'|un code de partie a 1 à %d lettres, chiffres, '-' ou '_'
undo|annulation
set|posé
mask|masque
put|posée
swap|échange
pass|passe
# the sensing board (app/sensing.py)
a %s stick on %s: %s to play|une liaison de {0} en {1} : {2} joue
%s: a stick moved between places is no move: put it back|%s : une liaison déplacée n'est pas un coup : la remettre
# the other games' sensing boards (app/sensed.py, app/sensing_rukuni.py, app/sensing_duell.py):
# whole formats, the piece in them (a translation needs its gender), before the general one below
%s: a stick put on is no move here|%s : une liaison posée n'est pas un coup ici
%s: a stick taken off is no move here|%s : une liaison ôtée n'est pas un coup ici
%s: a bridge put on is no move here|%s : un pont posé n'est pas un coup ici
%s: a bridge taken off is no move here|%s : un pont ôté n'est pas un coup ici
%s: a stone put on is no move here|%s : une pierre posée n'est pas un coup ici
%s: a stone taken off is no move here|%s : une pierre ôtée n'est pas un coup ici
%s: a bridge moved between places is no move: put it back|%s : un pont déplacé n'est pas un coup : le remettre
%s: a stone moved between cells is no move: put it back|%s : une pierre déplacée n'est pas un coup : la remettre
%s: a stone moved between pockets is no move: put it back|%s : une pierre déplacée n'est pas un coup : la remettre
%s holds a bridge already: put it back|%s porte déjà un pont : le remettre
a %s stone on %s: %s to play|une pierre de {0} en {1} : {2} joue
%s holds a %s: put it back|%s porte une %s : la remettre
%s: first set a stone, then move a tower: put it back|%s : d'abord poser une pierre, puis déplacer une tour : la remettre
a tower on %s: lift the tower that moves first|une tour en %s : soulever d'abord la tour qui se déplace
a tower on %s is no move now: put it back|une tour en %s n'est pas un coup maintenant : la remettre
%s: a stone put on is no move now: take it off|%s : une pierre posée n'est pas un coup maintenant : l'ôter
a %s stone in %s's pocket of %s: put it in its own|une pierre de {0} dans la poche de {1} en {2} : la mettre dans la sienne
%s: first enter the value of the stone on %s|%s : d'abord saisir la valeur de la pierre en %s
a %s stone on %s: %s places|une pierre de {0} en {1} : c'est à {2} de poser
%s: no move here|%s : pas de coup ici
# saving and the saved game (app/saving.py, app/starting.py, store/)
GAME NOT SAVED for %d events (%s): a reset loses them|PARTIE NON SAUVÉE pour %d événements (%s) : un reset les perd
flash error %s: saved game not read|erreur flash %s : partie sauvée non lue
flash error %s|erreur flash %s
out of memory|mémoire pleine
flash full|flash plein
saved game damaged: resumed after line %d|partie sauvée abîmée : reprise après la ligne %d
line %d damaged: resumed before it|ligne %d abîmée : reprise avant elle
%s: resumed after line %d|%s : reprise après la ligne %d
%s. Whole log: %s|%s. Journal entier : %s
lines %d to %d are missing|les lignes %d à %d manquent
line %d is missing|la ligne %d manque
piece %s ends inside line %d|le morceau %s finit dans la ligne %d
piece %s holds lines %d on again, not as the piece before|le morceau %s reprend les lignes dès %d, autrement que le précédent
piece %s holds more than %d KB, more than a log piece holds|le morceau %s a plus de %d Ko, plus qu'un morceau de journal
%s, kept as %s: new game|%s, gardée sous %s : nouvelle partie
%s kept as %s: start a new one|%s gardée sous %s : en commencer une autre
saved game not for this board|partie sauvée pas pour ce plateau
unreadable saved game|partie sauvée illisible
%s (%s) set aside as %s|%s (%s) mis de côté sous %s
not a game log|pas un journal de partie
a file, not a folder|un fichier, pas un dossier
a folder, not a file|un dossier, pas un fichier
resumed current.jsonl; the game before it kept as %s|current.jsonl repris ; la partie d'avant gardée sous %s
settings.json unreadable: the defaults|settings.json illisible : valeurs par défaut
# the failure screen's hints (boot.py)
copy board_layouts/ to the device|copier board_layouts/ sur l'appareil
check it on the PC (companion layout check), copy it again|la vérifier sur le PC (companion layout check), la recopier
# the moves in words (ui/words.py and the UIs' last move): also the other board's move in remote play
%s first|%s commence
%s put a stick on %s|%s pose une liaison en %s
%s took %s's %s off|{0} retire la liaison {2} de {1}
%s ended the turn|%s finit son tour
%s; took %s|%s ; prend %s
The last move was taken back (UNDO)|Le dernier coup a été annulé (UNDO)
%s put a stone on %s|%s pose une pierre en %s
%s put a bridge on %s|%s pose un pont en %s
%s put a marker on %s|%s pose un marqueur en %s
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
%s exchanged the bridge on %s|%s échange le pont en %s
%s chose %s|%s choisit %s
a mask|un masque
%s with the god %s|%s avec le dieu %s
%s used the god %s|%s joue le dieu %s
%s moved a stone from %s to %s|%s bouge une pierre de %s en %s
%s and %s|%s et %s
White %d - Black %d|Blanc %d - Noir %d
%s; %s|%s ; %s
%s: %s|%s : %s
"""
