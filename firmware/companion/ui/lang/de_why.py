"""Deutsch: the reasons and messages, English text or format -> the German (see
__init__.py): loaded only to word one, then dropped."""

# One text a line: the English, "|", the translation (ui/lang/__init__.py).
# A line starting with "#" is a comment.
T = """
# refusals (the core's and the UIs' reasons)
the game is over|das Spiel ist aus
the game is over: start a new game from the menu|das Spiel ist aus: ein neues im Menü starten
the game is over: MENU starts a new one|das Spiel ist aus: MENU startet ein neues
nothing to undo|nichts zurückzunehmen
cannot undo now: the saved game could not be read back|jetzt keine Rücknahme: das gespeicherte Spiel war nicht lesbar
the draw showed a card of the pile: it cannot be taken back|das Ziehen zeigte eine Karte vom Stapel: nicht zurücknehmbar
button %d does nothing in this game|Knopf %d tut in diesem Spiel nichts
button %d does nothing in %s|Knopf %d tut in %s nichts
nothing to take off at %s|auf %s ist nichts wegzunehmen
nothing to put on at %s|auf %s ist nichts aufzulegen
nothing to do on the board: it matches the game|auf dem Brett ist nichts zu tun: es passt zum Spiel
%s already holds a %s stick|auf %s liegt schon ein Stab von %s
%s already holds a %s bridge|auf %s liegt schon eine Brücke von %s
%s already holds a %s|auf %s liegt schon ein %s
the handicap allows %d sticks: press TURN to start the game|die Vorgabe erlaubt %d Stäbe: TURN startet das Spiel
%s has all %d sticks on the board|%s hat alle %d Stäbe auf dem Brett
variant 1: %s carries a %s stone|Variante 1: auf %s liegt ein Kahuna-Stein von %s
no removing during the handicap: place up to %d sticks, then press TURN|kein Entfernen während der Vorgabe: bis zu %d Stäbe legen, dann TURN
%s is empty: there is no stick to remove|%s ist leer: kein Stab zu entfernen
%s is %s's own stick: remove one of %s's|%s ist ein Stab von %s: entferne einen von %s
the handicap comes before the first turn: press TURN to start|die Vorgabe kommt vor dem ersten Zug: TURN startet
round 3 is over; these are the final turns: end them with TURN|Runde 3 ist vorbei; die letzten Züge mit TURN beenden
%s: islands only show stones; press a connection|%s: Inseln zeigen nur Kahuna-Steine; drücke eine Verbindung
%s holds no %s card|%s hat keine Inselkarte %s
the device is thinking|das Gerät denkt nach
the device's move: press the blinking %s|Zug des Geräts: drücke die blinkende %s
the device's move: press TURN|Zug des Geräts: drücke TURN
%s gave cards back face down this turn: no card may be played after that|%s hat in diesem Zug Karten verdeckt abgelegt: danach keine Karte mehr
a %s card cannot pay for %s: the card must name one of its islands|eine Karte %s bezahlt %s nicht: die Karte muss eine ihrer Inseln nennen
removing %s takes two cards of %s or %s|%s entfernen kostet zwei Karten von %s oder %s
%s does not hold those cards|%s hat diese Karten nicht
no cards during the handicap: press TURN to start|keine Karten während der Vorgabe: TURN startet
no drawing in the final turns: end the turn with TURN|kein Ziehen in den letzten Zügen: TURN beendet den Zug
%s holds %d cards: give one back face down before drawing|%s hat %d Karten: erst eine verdeckt abwerfen, dann ziehen
the pile is empty: take a face-up card|der Nachziehstapel ist leer: nimm eine offene Karte
no %s card is face up|keine Karte %s liegt offen
%s skipped drawing just before: %s must draw a card|%s zog eben nicht: %s muss eine Karte ziehen
first remove one bridge at %s (relative majority)|erst eine Brücke an %s entfernen (relative Mehrheit)
%s has all %d bridges on the board|%s hat alle %d Brücken auf dem Brett
%s is free: build there instead of exchanging|%s ist frei: dort bauen statt tauschen
%s is already %s's own bridge|%s ist schon eine Brücke von %s
%s is %s's own bridge|%s ist eine Brücke von %s
there is no bridge to choose: nobody filled an island with a relative majority|keine Brücke zu wählen: niemand hat eine Insel mit relativer Mehrheit gefüllt
%s cannot go: remove one at %s of a player with fewer bridges|%s bleibt: entferne eine an %s von jemandem mit weniger Brücken
KANE scores when it is won; it is not played|KANE zählt, wenn er gewonnen ist; er wird nicht gespielt
no god stone may be used in the last round|in der letzten Runde kein Götterstein
%s works only after the 1st scoring|%s wirkt erst nach der 1. Wertung
%s holds no unused %s stone|%s hat keinen unbenutzten Götterstein %s
passing is only for the last round; end the turn with TURN|Passen nur in der letzten Runde; TURN beendet den Zug
%s has already moved this turn: end it with TURN|%s hat schon gezogen: TURN beendet den Zug
%s may pass only while a player with more points has not had the last turn|%s darf nur passen, solange jemand mit mehr Punkten den letzten Zug nicht hatte
KANALOA: long-press the connection to build or exchange on|KANALOA: die Verbindung lange drücken, dort bauen oder tauschen
%s: press a connection; an island plays its won god stone|%s: drücke eine Verbindung; eine Insel spielt ihren gewonnenen Götterstein
first set a %s stone next to the tower on %s|erst einen Stein (%s) neben den Turm auf %s setzen
no tower stands on %s|auf %s steht kein Turm
a tower must move at least one cell|ein Turm zieht mindestens eine Mulde
%s is not on a straight line from %s|%s liegt nicht in gerader Linie von %s
the way from %s to %s is blocked at %s|der Weg von %s nach %s ist bei %s versperrt
%s is taken: a tower ends on a free cell|%s ist besetzt: ein Turm endet in einer freien Mulde
first move a tower, then set a stone next to it|erst einen Turm ziehen, dann einen Stein daneben setzen
%s is taken: a stone goes on a free cell|%s ist besetzt: ein Stein kommt in eine freie Mulde
%s is not next to the tower just moved (on %s)|%s liegt nicht neben dem gezogenen Turm (auf %s)
the tower on %s is stuck: no free cell next to it|der Turm auf %s steckt fest: keine freie Mulde daneben
press the tower to move first, then where it goes|erst den Turm drücken, dann sein Ziel
all 18 stones are placed|alle 18 Steine sind gesetzt
it is %s's turn to place|%s setzt jetzt
%s has placed that stone already|%s hat diesen Stein schon gesetzt
%s's %d is already on %s|die {1} von {0} liegt schon auf {2}
%s holds %s's %d: the two stones on a site must differ|auf {0} liegt die {2} von {1}: die zwei Steine eines Feldes müssen verschieden sein
the duels start when all 18 stones are placed (%d to go)|die Duelle beginnen, wenn alle 18 Steine gesetzt sind (noch %d)
%s may swap two stones first (or pass with TURN)|%s darf erst zwei Steine tauschen (oder TURN: passen)
%s has chosen a mask already|%s hat schon eine Maske gewählt
%s has no %s %d|auf {0} liegt keine {2} von {1}
%s holds no %s stone|auf %s liegt kein Stein von %s
%s may swap only own stones|%s darf nur eigene Steine tauschen
a swap needs two different sites|ein Tausch braucht zwei verschiedene Felder
after this swap %s would hold two %ds: the values on a site must differ|nach dem Tausch lägen auf %s zwei %d: die Werte eines Feldes müssen verschieden sein
duel: each player presses a mask key under their hood|Duell: jeder drückt verdeckt eine Maskentaste
%s places: press a site|%s setzt: drücke ein Feld
%s: the value goes in on your own mask keys|%s: den Wert auf den eigenen Maskentasten eingeben
enter the value on your mask keys (TURN: cancel)|den Wert auf den Maskentasten eingeben (TURN: abbrechen)
# the app's messages
saved again|wieder gespeichert
NOT SAVED (%s): play on from memory|NICHT GESPEICHERT (%s): weiter aus dem Speicher
waiting for the host's game|warte auf das Spiel des Gastgebers
cannot start: %s|Start nicht möglich: %s
"""
