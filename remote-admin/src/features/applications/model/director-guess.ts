/** The director's name fields of the approval form. */
export interface DirectorName {
  director_surname: string;
  director_name: string;
  director_patronymic: string;
}

/**
 * The application's contact person («Фамилия Имя Отчество», as the landing form asks) as a first guess
 * for the new director: words in that order; a missing word stays empty for the administrator to fill.
 */
export function directorGuess(contactName: string): DirectorName {
  const [surname = '', name = '', ...rest] = contactName.trim().split(/\s+/).filter(Boolean);
  return { director_surname: surname, director_name: name, director_patronymic: rest.join(' ') };
}
