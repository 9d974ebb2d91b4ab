/*
 * The request, offer and machine description language of the thesis (003, section 7.3.2 and Appendix A), with the
 * Appendix's typos read as docs/LANGUAGE.md says. The parser builds a parse tree only; DescriptionParser turns it into
 * the immutable Document and checks what the grammar leaves open.
 */
grammar DescriptionLanguage;

document   : object+ EOF ;
object     : kind=(REQUEST | OFFER | MASCHINE) id=STRING '{' key+ '}' ;
key        : KEY name=STRING '{' (element+ | value+) '}' ;
element    : ELEMENT number=INTEGER '{' condition? value+ '}' ;
condition  : CONDITION '{' test '}' ;
value      : VALUE name=STRING '{' (text=STRING | expression) '}' ;

// && binds tighter than || (as in C); both group from the left. A comparison, NOT, ISDEF and ISNDEF always stand in
// parentheses, as in Appendix A's singlecondition.
test       : '(' attribute=NAME op=('<' | '>' | '<=' | '>=' | '==' | '!=') expression ')'  # compare
           | '(' attribute=NAME op=(EQ | NE) text=STRING ')'                               # compareText
           | '(' NOT test ')'                                                              # not
           | '(' ISDEF attribute=NAME ')'                                                  # isDef
           | '(' ISNDEF attribute=NAME ')'                                                 # isNdef
           | '(' test ')'                                                                  # group
           | test '&&' test                                                                # and
           | test '||' test                                                                # or
           ;

expression : '-' expression                                        # negate
           | expression op=('*' | '/' | '%') expression            # product
           | expression op=('+' | '-') expression                  # sum
           | function=(SQRT | EXP | LOG) '(' expression ')'        # call
           | '(' expression ')'                                    # parenthesized
           | NUMBER                                                # number
           | INTEGER                                               # number
           | NAME                                                  # attribute
           ;

REQUEST  : 'REQUEST' ;
OFFER    : 'OFFER' ;
MASCHINE : 'MASCHINE' ;
KEY      : 'KEY' ;
ELEMENT  : 'ELEMENT' ;
CONDITION: 'CONDITION' ;
VALUE    : 'VALUE' ;
EQ       : 'EQ' ;
NE       : 'NE' ;
NOT      : 'NOT' ;
ISDEF    : 'ISDEF' ;
ISNDEF   : 'ISNDEF' ;
SQRT     : 'SQRT' ;
EXP      : 'EXP' ;
LOG      : 'LOG' ;

INTEGER  : DIGITS ;
NUMBER   : DIGITS '.' DIGITS EXPONENT? | DIGITS EXPONENT ;
NAME     : [A-Za-z_] [A-Za-z0-9_]* ;
STRING   : '"' (~["\\\r\n] | '\\' ["\\])* '"' ;
COMMENT  : '#' ~[\r\n]* -> skip ;
SPACE    : [ \t\r\n]+ -> skip ;

fragment DIGITS   : [0-9]+ ;
fragment EXPONENT : [eE] [+-]? DIGITS ;
