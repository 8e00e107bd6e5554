"""Français: the simulator page's words, English text or format -> the French (see
__init__.py): only the page loads them, never a board."""

# One text a line: the English, "|", the translation (ui/lang/__init__.py).
# A line starting with "#" is a comment.
T = """
# the review's formats that more general ones would take
%d moves rated, %d blunders, %d doubtful, %d points given away in all.|%d coups évalués, %d gaffes, %d douteux, %d points perdus en tout.
Round %d (final turns), %s to play|Manche %d (derniers tours), %s joue
Cards: pile %d · discard %d (top %s)|Cartes : pioche %d · défausse %d (dessus %s)
early end: %s has no stick left|fin anticipée : %s n'a plus de liaison
Cards: pile %d · discard %d|Cartes : pioche %d · défausse %d
%s: nobody (equal stones)|%s : personne (pierres égales)
better: %s, %d better|mieux : %s, %d de mieux
Round %d, %s to play|Manche %d, %s joue
The game's log: %s|Le journal de la partie : %s
best %s (%d better)|meilleur : %s (%d de mieux)
on points (%s)|aux points (%s)
Take off: %s|À ôter : %s
Face up: %s|Visibles : %s
%s: not yet|%s : pas encore
Review: %s|Analyse : %s
better: %s|mieux : %s
Winner: %s|Gagnant : %s
Put on: %s|À poser : %s
move %d: %s|coup %d : %s
%s (free)|%s (gratuite)
%s: %s +%d|%s : %s +%d
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
%s: put a bridge on|%s : poser un pont
%s: put a marker on|%s : poser un marqueur
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
Last: %s|Dernier : %s
TURN counted as done on the real board: %s|TURN a compté comme fait sur le vrai plateau : %s
covered: %s opens it while the other player looks away|couvert : %s l'ouvre pendant que l'autre joueur regarde ailleurs
history: the game after event %s|historique : la partie après l'événement %s
Board check %d of %d: %s as lit? Fix the board or the game; TURN: next, UNDO: stop|Vérification %d sur %d : %s comme allumé ? Corriger le plateau ou la partie ; TURN : suivant, UNDO : arrêt
%s, free to place again|%s, libre à reposer
%s, refused|%s, refusé
%s, picked|%s, choisie
cell %s|case %s
row %s|rangée %s
Menu: MENU = next line, TURN = change, UNDO = back|Menu : MENU = ligne suivante, TURN = changer, UNDO = retour
take the bridge off %s|ôter le pont de %s
take the marker off %s|ôter le marqueur de %s
take the %s off %s|ôter la %s de %s
put a bridge on %s|poser un pont en %s
put a marker on %s|poser un marqueur en %s
put a %s on %s|poser une %s en %s
# the page: the moves in words (the rest in fr_why.py)
%s won by %s|%s gagné par %s
%s, %s played by the device|%s, %s joué par l'appareil
%s, variants %s|%s, variantes %s
# the page's own words (host_tools/sim/page: index.html, sim.js)
Companion simulator|Simulateur Companion
Skip to the board|Aller au plateau
Game|Jeu
Names on the board|Noms sur le plateau
Solo vs device|Solo contre l'appareil
loading MicroPython…|chargement de MicroPython…
the companion's display and buttons|l'écran et les touches du Companion
display|écran
control buttons|touches de commande
board|plateau
This game goes on in another tab|Cette partie continue dans un autre onglet
Another tab or window of this browser plays this board: it has saved a newer game, or opened this seat of a remote game. This tab has stopped, so that nothing done here can overwrite it.|Un autre onglet ou une autre fenêtre de ce navigateur joue sur ce plateau : il a enregistré une partie plus récente, ou ouvert cette place d'une partie à distance. Cet onglet s'est arrêté, pour que rien de ce qui se fait ici ne l'écrase.
Play here|Jouer ici
the game board|le plateau de jeu
each player's secret keys|les touches secrètes de chaque joueur
each player's hand of cards|la main de chaque joueur
Click an element to press its button; hold it for a long press. A blinking element asks for a change on the board (slow: put something on, fast: take it off): click it when done.|Cliquer un élément appuie sur sa touche ; le maintenir pour un appui long. Un élément qui clignote demande un changement sur le plateau (lent : poser quelque chose, rapide : l'ôter) : le cliquer une fois fait.
the game in words|la partie en mots
The menu, as on the display (its choices are for the next New game):|Le menu, comme à l'écran (ses choix valent pour la prochaine Nouvelle partie) :
Still to do on the real board|Reste à faire sur le vrai plateau
Press each element when it is done.|Appuyer chaque élément une fois fait.
TURN counts all of them as done|TURN les compte tous comme faits
(and ends the turn).|(et finit le tour).
Result|Résultat
Review this game|Analyser cette partie
The device opponent rates every move, in a new tab.|L'adversaire de l'appareil note chaque coup, dans un nouvel onglet.
Moves (|Coups (
the moves in words|les coups en mots
What the lights mean|Ce que disent les lumières
Keys:|Touches :
reaches the board, the arrow keys move across it,|atteint le plateau, les flèches s'y déplacent,
press the one in focus (hold the key, or press|appuient l'élément choisi (maintenir la touche, ou
, for a long press);| pour un appui long) ;
MENU (and|MENU (et
UNDO when no board element has the focus).|UNDO quand aucun élément du plateau n'est choisi).
game files|fichiers de partie
Game file|Fichier de partie
Download log|Télécharger le journal
Load log…|Charger un journal…
History|Historique
Back to the game|Retour à la partie
Continue from here|Continuer d'ici
UNDO took the move back: click each marked piece to lift it off (or put it back), then play on. TURN would count them as done and end the turn.|UNDO a annulé le coup : cliquer chaque pièce marquée pour l'ôter (ou la remettre), puis continuer. TURN les compterait comme faites et finirait le tour.
%s's hand|Main de %s
%s's secret keys|Touches secrètes de %s
%s's hood|Cache de %s
 (or types %s unseen)| (ou tape %s sans être vu)
(no cards)|(aucune carte)
card|carte
Show|Montrer
Hide|Cacher
Earlier games: |Parties précédentes : 
event %s of %s|événement %s sur %s
no game yet|pas encore de partie
The previous game is saved as %s under “Earlier games”.|La partie précédente est enregistrée sous %s dans « Parties précédentes ».
viewing the history: press “Back to the game” to play|historique : appuyer « Retour à la partie » pour jouer
running: saved again|en marche : de nouveau enregistré
running|en marche
no game yet: start one from the menu|pas encore de partie : en lancer une dans le menu
steady: on the board|fixe : sur le plateau
slow blink: put it on the board|clignote lentement : à poser sur le plateau
fast blink: take it off the board|clignote vite : à ôter du plateau
breathing: a hint, nothing required|respire : une aide, rien d'obligatoire
red flash: press refused|éclair rouge : appui refusé
dark blips: the player's signature|brèves extinctions : la signature du joueur
After a restart: does the real board match the saved game? MENU walks it step by step, lighting what should stand there; any other press plays on|Après un redémarrage : le vrai plateau correspond-il à la partie enregistrée ? MENU le parcourt pas à pas, en allumant ce qui doit y être ; tout autre appui continue la partie
Board check %d of %d|Vérification %d sur %d
%s, paid with the card %s|%s, payé avec la carte %s
%s, paid with %s|%s, payé avec %s
%s, %s|%s, %s
# a bridge, a marker: their articles
# the sensing board's differences on the page (app/sensing.py Sensing.words)
take it off %s|l'ôter de %s
put it back on %s|la remettre en %s
# the board's labels (board.js)
hood|cache
key %s|touche %s
# the review (host_tools/review.py, review_page.py, draw/board.py: `companion review --lang fr`)
The moves that decided the game|Les coups qui ont décidé la partie
No move gave anything away by the device's judgement.|Selon le jugement de l'appareil, aucun coup n'a rien perdu.
The game, move by move|La partie, coup par coup
Tap a move to see the board after it. Swing: what the move changed in the mover's evaluation (an island won is 100); better: the best move found there and how much better it was. Blunder: 100 or more given away; doubtful: 40 or more.|Touchez un coup pour voir le plateau après lui. Écart : ce que le coup a changé dans l'évaluation du joueur (une île gagnée vaut 100) ; mieux : le meilleur coup trouvé là et de combien il était meilleur. Gaffe : 100 ou plus perdus ; douteux : 40 ou plus.
Digital deck: the review knows both hands from the log's deck, so each move is compared with the moves that player's cards could pay for; the device's plan for each turn is shown.|Cartes numériques : l'analyse connaît les deux mains par le paquet du journal, donc chaque coup est comparé aux coups que les cartes de ce joueur pouvaient payer ; le plan de l'appareil pour chaque tour est montré.
Physical cards: the log does not say which cards anybody held, so each stick is compared with every stick the rules allow there, as if the player could pay for any; the review cannot tell whether the best move was affordable. Cards are not rated.|Vraies cartes : le journal ne dit pas qui tenait quelles cartes, donc chaque liaison est comparée à toutes celles que les règles permettent là, comme si le joueur pouvait toutes les payer ; l'analyse ne peut savoir si le meilleur coup était payable. Les cartes ne sont pas évaluées.
evaluation over the game|évaluation au fil de la partie
white ahead|Blanc devant
black ahead|Noir devant
swing|écart
BLUNDER|GAFFE
DOUBTFUL|DOUTEUX
draw from the pile|piocher dans la pioche
end turn|fin du tour
end round|fin de manche
took off|ôtée
put on|posée
to take off|à ôter
to put on|à poser
1st scoring|1er décompte
2nd scoring|2e décompte
more points in the final scoring|plus de points au décompte final
points and final scoring tied;|points et décompte final égaux ;
tie-break: more sticks on the board|départage : plus de liaisons sur le plateau
Draw: points, final scoring and|Égalité : points, décompte final
sticks on the board all tied|et liaisons sur le plateau égaux
No review|Pas d'analyse
points tied %s; tie-break:|points égaux %s ; départage :
review written to %s|analyse écrite dans %s
before move %d|avant le coup %d
Review of %s|Analyse de %s
give back %s|défausser %s
take off %s|ôter la liaison %s
put on %s|liaison en %s
%s takes %s|%s prend %s
%s loses %s|%s perd %s
%d points|%d points
%d stones|%d pierres
%d sticks|%d liaisons
%s · %s · %s|%s · %s · %s
%d point|%d point
%d stone|%d pierre
%d stick|%d liaison
move %d|coup %d
draw %s|prendre la carte %s
"""
